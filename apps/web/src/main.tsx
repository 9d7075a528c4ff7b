// The page's entry. index.html shows a splash until the first screen replaces it; the
// app's code (start.tsx) runs once that splash has painted, so the page shows something
// while the shell is evaluated. The build preloads start.tsx's files from index.html
// (build/first-screen.ts), so waiting a frame costs no round trip.
// (antd-mobile's global styles come with start.tsx: importing them here would make this
// entry import the vendor chunk they are bundled with, which then runs before the paint.)
import "./styles.css";

const start = () => void import("./start");
// A page opened in the background paints nothing (and runs no animation frame) until it
// is shown: it starts at once.
if (document.visibilityState === "hidden") start();
else requestAnimationFrame(() => setTimeout(start, 0));
