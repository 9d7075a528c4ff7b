// The contests screens' classes: the area screens' shared layout with contests.module.css's own.
import { areaStyles } from "../../components/area-screens";
import own from "./contests.module.css";

export default areaStyles(own);
