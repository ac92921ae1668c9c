import { GroupCode } from "../../shared/GroupCode";
import { VerifyLink } from "../../features/verify/VerifyLink";

/** `verify-confirmCode` (SPEC §2): the confirmation mail's link. */
export default function VerifyConfirmCodePage() {
  return (
    <GroupCode group="account">
      <VerifyLink />
    </GroupCode>
  );
}
