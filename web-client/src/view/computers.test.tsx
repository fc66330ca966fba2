// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type EventView, tournaments } from "../tournament";
import { AddComputers } from "./computers";

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.restoreAllMocks();
});

const event = (status: EventView["status"]) => ({ id: "e1", status } as unknown as EventView);

describe("Add computer players", () => {
  it("asks for confirmation, then sends the count and level picked", () => {
    const sent = vi.spyOn(tournaments, "addComputers").mockResolvedValue(event("registration"));
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const acts: (() => Promise<EventView>)[] = [];
    act(() => render(<AddComputers ev={event("registration")} act={(f) => acts.push(f)} />, root));
    const count = root.querySelector<HTMLInputElement>("#computers-count")!;
    const level = root.querySelector<HTMLSelectElement>("#computers-level")!;
    expect([...level.options].map((o) => o.textContent)).toEqual(["Easy", "Medium", "Hard"]);
    act(() => {
      count.value = "3";
      count.dispatchEvent(new Event("input", { bubbles: true }));
      level.value = "search";
      level.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const form = root.querySelector("form")!;
    act(() => void form.dispatchEvent(new Event("submit", { cancelable: true })));
    expect(acts).toHaveLength(0);
    act(() => void form.dispatchEvent(new Event("submit", { cancelable: true })));
    expect(confirm).toHaveBeenLastCalledWith("Enter 3 computer players (Hard) in this event? Their tables play themselves.");
    expect(acts).toHaveLength(1);
    void acts[0]!();
    expect(sent).toHaveBeenCalledWith("e1", 3, "search");
  });

  it("is offered only while registration is open", () => {
    act(() => render(<AddComputers ev={event("closed")} act={() => {}} />, root));
    expect(root.querySelector("form")).toBeNull();
  });
});
