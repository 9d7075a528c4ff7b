// The loans screens' classes: the area screens' shared layout with loans.module.css's own.
import { areaStyles } from "../../components/area-screens";
import own from "./loans.module.css";

export default areaStyles(own);
