// The earn screens' classes: the area screens' shared layout with earn.module.css's own.
import { areaStyles } from "../../components/area-screens";
import own from "./earn.module.css";

export default areaStyles(own);
