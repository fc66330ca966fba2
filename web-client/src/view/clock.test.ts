import { describe, expect, it } from "vitest";
import { formatMs } from "./clock";

describe("formatMs", () => {
  it("rounds up to whole seconds and never goes negative", () => {
    expect(formatMs(600_000)).toBe("10:00");
    expect(formatMs(61_001)).toBe("1:02");
    expect(formatMs(999)).toBe("0:01");
    expect(formatMs(-5)).toBe("0:00");
  });
});
