// The ieo screens' classes: the area screens' shared layout with ieo.module.css's own.
import { areaStyles } from "../../components/area-screens";
import own from "./ieo.module.css";

export default areaStyles(own);
