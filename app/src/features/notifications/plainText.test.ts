import { describe, expect, it } from "vitest";
import { plainText } from "./plainText";

describe("plainText", () => {
  it("keeps the text of markup and drops scripts and handlers", () => {
    expect(plainText("<p>Your account is <b>ready</b>.</p>")).toBe("Your account is ready.");
    expect(plainText('<img src=x onerror="alert(1)"><script>alert(2)</script>Never share it.')).toBe("Never share it.");
    expect(plainText("")).toBe("");
    expect(plainText("a &lt;b&gt; c")).toBe("a <b> c");
  });
});
