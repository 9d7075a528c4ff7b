// antd-mobile's Popup, mounted from its first opening on. A closed Popup still mounts its
// portal, mask and two spring animations: on the futures screen the symbol picker and the
// order confirmation cost ~12 ms of a slow phone's main thread in the first render, for
// sheets nobody has opened yet (issue 37). Closed at first, nothing renders; the first
// opening mounts it closed and opens it one render later, so it slides in as before; from
// then on it stays mounted, so closing and reopening animate as before too.
import { Popup, type PopupProps } from "antd-mobile";
import { useEffect, useState } from "react";

export function LazyPopup(props: PopupProps) {
  const [mounted, setMounted] = useState(false);
  const visible = props.visible === true;
  useEffect(() => {
    if (visible && !mounted) setMounted(true);
  }, [visible, mounted]);
  if (!mounted) return visible ? <Popup {...props} visible={false} /> : null;
  return <Popup {...props} />;
}
