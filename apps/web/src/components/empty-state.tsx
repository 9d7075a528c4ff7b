// The one block every empty list, missing record and load failure shows: an icon, a
// title, and a description written for that place (required: antd-mobile's default
// "Want to try a new search?" must never show), optionally with actions below.
import type { CSSProperties, ReactNode } from "react";
import styles from "./empty-state.module.css";

export interface EmptyStateProps {
  title: ReactNode;
  /** What will appear here and when, or what to do now. */
  description: ReactNode;
  /** "error" for something that failed to load; "empty" otherwise. */
  kind?: "empty" | "error";
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

export function EmptyState({ title, description, kind = "empty", children, className, style }: EmptyStateProps) {
  return (
    <div
      className={`${styles.block} ${className ?? ""}`}
      style={style}
      data-testid="empty-state"
      role={kind === "error" ? "alert" : undefined}
    >
      <svg
        className={styles.icon}
        viewBox="0 0 48 48"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {kind === "error" ? (
          <>
            <circle cx="24" cy="24" r="18" />
            <path d="M24 14v12M24 32v1" strokeLinecap="round" />
          </>
        ) : (
          <>
            <path d="M8 20l6-10h20l6 10v16a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" strokeLinejoin="round" />
            <path d="M8 20h10a6 6 0 0 0 12 0h10" strokeLinejoin="round" />
          </>
        )}
      </svg>
      <div className={styles.title}>{title}</div>
      <div className={styles.description}>{description}</div>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </div>
  );
}
