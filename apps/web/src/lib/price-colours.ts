// Colour of rising prices (My → settings): green-up (default) or red-up. Kept on this
// device like the language; start.tsx puts the root class on before the first screen paints and
// styles.css swaps --candor-up / --candor-down under it.
export const UP_COLOUR_KEY = "upColour";
export type UpColour = "green" | "red";

export function upColour(): UpColour {
  return document.documentElement.classList.contains("red-up") ? "red" : "green";
}

export function setUpColour(colour: UpColour): void {
  try {
    localStorage.setItem(UP_COLOUR_KEY, colour);
  } catch {
    // private mode: the choice lasts until the app is closed
  }
  document.documentElement.classList.toggle("red-up", colour === "red");
}
