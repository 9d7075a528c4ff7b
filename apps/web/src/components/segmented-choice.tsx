// A segmented control built from native radio buttons. antd-mobile's Segmented puts
// radio inputs inside role=listbox, which screen readers cannot make sense of (axe:
// critical aria-required-children).
import { useId } from "react";
import styles from "./segmented-choice.module.css";

export interface SegmentedOption<T extends string> {
  label: string;
  value: T;
}

export function SegmentedChoice<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: SegmentedOption<T>[];
  onChange: (value: T) => void;
  /** Accessible name of the group (read by screen readers only). */
  label?: string;
}) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      {label ? <legend className="visually-hidden">{label}</legend> : null}
      {options.map((o) => (
        <label key={o.value} className={o.value === value ? `${styles.item} ${styles.selected}` : styles.item}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
