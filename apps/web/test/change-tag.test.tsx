// The 24 h change tag of the market screens: signed and coloured by direction, and "--"
// when there is no figure (still loading, or no 24 h history) rather than a 0.00 % change.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChangeTag } from "../src/components/market/market-bits";

afterEach(cleanup);

describe("ChangeTag", () => {
  it.each([
    ["1.23", "+1.23%", "up"],
    ["-0.50", "-0.50%", "down"],
    ["0.00", "0.00%", "flat"],
    [null, "--", "flat"],
    [undefined, "--", "flat"],
  ] as const)("%s → %s (%s)", (value, text, direction) => {
    const { container } = render(<ChangeTag value={value} />);
    const tag = container.firstElementChild as HTMLElement;
    expect(tag.textContent).toBe(text);
    expect(tag.className).toMatch(new RegExp(direction));
  });
});
