// The area screens (earn, loans, IEO, contests) share their layout classes
// (area-screens.module.css). An area's styles are those merged with its own module's:
// its own class wins where both name one.
import area from "./area-screens.module.css";

export const areaStyles = (own: Readonly<Record<string, string>>): Readonly<Record<string, string>> => ({
  ...area,
  ...own,
});
