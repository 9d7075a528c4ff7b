// Every IEO screen in one lazy chunk: the route table points /ieo at this loader and the
// query picks the screen — ?id= a project, ?id=&view=results its draw, ?tab=records my
// records, nothing the project list.
import { useSearchParams } from "react-router";
import { DetailScreen } from "./detail-screen";
import IeoListScreen from "./list-screen";
import { useIdParam } from "./parts";
import { ResultsScreen } from "./results-screen";

export default function IeoScreens() {
  const id = useIdParam();
  const [params] = useSearchParams();
  if (id !== null && params.get("view") === "results") return <ResultsScreen id={id} />;
  if (id !== null) return <DetailScreen id={id} />;
  return <IeoListScreen />;
}
