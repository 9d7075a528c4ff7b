// "Hide amounts" (the eye on home and the asset centre): one choice, kept on this device.
import { useState } from "react";

const KEY = "hideAmounts";
export const HIDDEN_AMOUNT = "****";

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function useHideAmounts(): [boolean, () => void] {
  const [hidden, setHidden] = useState(read);
  const toggle = () =>
    setHidden((h) => {
      try {
        localStorage.setItem(KEY, h ? "0" : "1");
      } catch {
        // private mode: the choice lasts for this screen only
      }
      return !h;
    });
  return [hidden, toggle];
}
