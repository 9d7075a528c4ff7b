// Apply for a quantity of a project that is issuing: a stepper from 1 to what the customer
// may still apply for, what it would cost at the estimated price if every token were won,
// and a confirmation that says plainly nothing is charged now.
import { Button, Dialog } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { newRequestId } from "../../lib/trading/amount";
import { type IeoProject, useApply } from "./api";
import { applyRoom, costOf, money, plain } from "./ieo-logic";
import { Rows } from "./parts";
import styles from "./styles";

export function ApplyPanel({ project: p }: { project: IeoProject }) {
  const { t } = useTranslation("ieo");
  const apply = useApply();
  const room = applyRoom(p.maxPerCustomer, p.my);
  const [quantity, setQuantity] = useState(1);
  // One id per application: a retried request (timeout, double tap) applies once.
  const [requestId, setRequestId] = useState(newRequestId);
  const currency = p.payCurrency;
  const q = Math.min(Math.max(1, quantity), Math.max(1, room));
  const estimate = costOf(q, p.estimatedPrice, currency);

  const onApply = async () => {
    const confirmed = await Dialog.confirm({
      title: t("apply.confirmTitle"),
      content: (
        <div data-testid="ieo-apply-confirm">
          <Rows
            rows={[
              [t("project"), `${p.name} (${p.symbol})`],
              [t("apply.quantity"), `${q} ${p.symbol}`],
              [t("apply.ifAllWon"), `${money(estimate, currency)} ${currency}`],
              [t("drawAt"), formatDate(p.drawAt, "dateTime")],
              [t("payEnd"), formatDate(p.payEnd, "dateTime")],
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {t("apply.confirmText", { currency })}
          </p>
        </div>
      ),
      confirmText: t("apply.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      await apply.mutateAsync({ projectId: p.id, quantity: q, requestId });
      setRequestId(newRequestId());
      setQuantity(1);
    } catch {
      // The API client showed the server's message; the quantity stays for another try.
    }
  };

  return (
    <section className={styles.card} aria-label={t("apply.title")} data-testid="ieo-apply">
      <h2 className={styles.sectionTitle}>{t("apply.title")}</h2>
      <p className={styles.notice} data-testid="ieo-no-charge">
        {t("apply.noCharge", { currency })}
      </p>
      {room <= 0 ? (
        <p className={styles.muted} style={{ marginTop: 8 }} data-testid="ieo-at-max">
          {t("apply.atMax", { max: plain(p.maxPerCustomer), symbol: p.symbol })}
        </p>
      ) : (
        <>
          <div className={styles.stepperRow}>
            <label htmlFor="ieo-quantity">{t("apply.quantity")}</label>
            <QuantityStepper id="ieo-quantity" value={q} max={room} onChange={setQuantity} unit={p.symbol} />
          </div>
          <Rows
            rows={[
              [t("apply.room"), `${room} ${p.symbol}`, "ieo-room"],
              [t("apply.ifAllWon"), `${money(estimate, currency)} ${currency}`, "ieo-estimate"],
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 6 }}>
            {t("apply.estimateHint")}
          </p>
          <Button
            block
            color="primary"
            style={{ marginTop: 12 }}
            loading={apply.isPending}
            onClick={() => void onApply()}
          >
            {t("apply.button")}
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * − [quantity] + : whole tokens from 1 to `max`. Its own control: antd-mobile's Stepper puts
 * its ARIA attributes on a wrapper and gives the input no label (axe: serious).
 */
function QuantityStepper({
  id,
  value,
  max,
  unit,
  onChange,
}: {
  id: string;
  value: number;
  max: number;
  unit: string;
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation("ieo");
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The value changed from outside (a button, a reset): show it.
    setShown(value);
    setText(String(value));
  }
  const set = (v: number) => onChange(Math.min(max, Math.max(1, Math.floor(v))));
  return (
    <div className={styles.stepper} data-testid="ieo-quantity">
      <button
        type="button"
        className={styles.stepperButton}
        aria-label={t("apply.less")}
        disabled={value <= 1}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        className={styles.stepperInput}
        inputMode="numeric"
        value={text}
        aria-describedby={`${id}-unit`}
        onChange={(e) => {
          const raw = e.target.value.replace(/\D/g, "");
          setText(raw);
          if (raw !== "") set(Number(raw));
        }}
        onBlur={() => setText(String(value))}
      />
      <span id={`${id}-unit`} className="visually-hidden">
        {unit}
      </span>
      <button
        type="button"
        className={styles.stepperButton}
        aria-label={t("apply.more")}
        disabled={value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
