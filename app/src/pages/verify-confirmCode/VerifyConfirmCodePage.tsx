import { AccountCode } from "../../features/profile/AccountCode";
import { VerifyLink } from "../../features/verify/VerifyLink";

/** `verify-confirmCode` (SPEC §2): the confirmation mail's link. */
export default function VerifyConfirmCodePage() {
  return (
    <AccountCode>
      <VerifyLink />
    </AccountCode>
  );
}
