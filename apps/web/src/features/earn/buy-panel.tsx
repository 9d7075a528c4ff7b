// The purchase form every product detail shares: amount with the minimum, maximum,
// per-customer limit and available balance; what the customer gets (given by the screen);
// a confirm dialog; then the order confirmation screen. Guests are sent to log in.

import type { EarnProduct } from "@candor/contract";
import { compareDecimals } from "@candor/domain";
import { Button, Dialog, Input } from "antd-mobile";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { typedAmount } from "../../lib/format";
import { amountProblem, amountProblemText, cleanDecimalInput, newRequestId } from "../../lib/trading/amount";
import { useUserStore } from "../../stores/user";
import { useBalances, useBuy, useRunningOrders } from "./api";
import { limitLeft, money, placesOf, plain, roomLeft } from "./earn-logic";
import { Rows } from "./parts";
import styles from "./styles";

export function BuyPanel({
  product,
  preview,
  confirmNote,
  buyLabel,
}: {
  product: EarnProduct;
  /** What this amount gets (rows), shown under the field and in the confirm dialog. */
  preview: (amount: string) => [ReactNode, ReactNode, string?][];
  /** The product's key rule, repeated in the confirm dialog. */
  confirmNote: string;
  buyLabel: string;
}) {
  const { t } = useTranslation("earn");
  const navigate = useNavigate();
  const location = useLocation();
  const token = useUserStore((s) => s.token);
  const vipLevel = useUserStore((s) => s.user?.vipLevel);
  const setRedirect = useUserStore((s) => s.setRedirect);
  const loggedIn = token !== null;
  const balances = useBalances(loggedIn);
  const running = useRunningOrders(product.type, loggedIn && product.perCustomerLimit !== null);
  const buy = useBuy(product.type);
  const [amount, setAmount] = useState("");
  const [requestId, setRequestId] = useState(newRequestId);

  const currency = product.currency;
  const available = balances.data ? (balances.data.find((b) => b.currency === currency)?.available ?? "0") : null;
  const room = roomLeft(product, running.data?.records);
  const problem =
    amount === ""
      ? null
      : amountProblem(amount, { places: placesOf(currency), min: product.minAmount, max: room, available });
  const vipShort = vipLevel !== undefined && vipLevel < product.vipLevel;
  const canBuy = product.status === "open" && !vipShort && amount !== "" && problem === null && !buy.isPending;

  if (!loggedIn) {
    return (
      <section className={styles.card}>
        <p className={styles.text}>{t("buy.loginFirst")}</p>
        <Button
          block
          color="primary"
          style={{ marginTop: 12 }}
          onClick={() => {
            setRedirect(`${location.pathname}${location.search}`);
            navigate(routes.login);
          }}
        >
          {t("buy.login")}
        </Button>
      </section>
    );
  }

  const submit = async () => {
    if (!canBuy) return;
    const confirmed = await Dialog.confirm({
      title: t("buy.confirmTitle"),
      content: (
        <div data-testid="earn-confirm">
          <Rows
            rows={[
              [t("product"), product.name],
              [t("amount"), `${money(amount, currency)} ${currency}`],
              ...preview(amount),
            ]}
          />
          <p className={styles.muted} style={{ marginTop: 8 }}>
            {confirmNote}
          </p>
        </div>
      ),
      confirmText: t("buy.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!confirmed) return;
    try {
      const order = await buy.mutateAsync({ productId: product.id, amount: amount.trim(), clientRequestId: requestId });
      setRequestId(newRequestId());
      navigate(withQuery(routes.arbitrageOrderConfirmation, { id: order.id }));
    } catch {
      // The API client showed the server's message; the amount stays for another try.
    }
  };

  return (
    <section className={styles.card} aria-label={buyLabel}>
      <h2 className={styles.sectionTitle}>{buyLabel}</h2>
      <div className={styles.amountRow}>
        <Input
          className={styles.amount}
          aria-label={t("amountIn", { currency })}
          inputMode="decimal"
          placeholder={t("buy.placeholder", { min: typedAmount(product.minAmount) })}
          value={amount}
          onChange={(v) => setAmount(cleanDecimalInput(v))}
        />
        <span>{currency}</span>
        <button
          type="button"
          className={styles.link}
          disabled={!available || room === null}
          onClick={() => {
            if (!available || room === null) return;
            const max = compareDecimals(available, room) < 0 ? available : room;
            setAmount(typedAmount(max, placesOf(currency)));
          }}
        >
          {t("buy.max")}
        </button>
      </div>
      {problem ? (
        <p className={styles.error} role="alert">
          {amountProblemText(t, problem, currency, { prefix: "buy", show: plain, fallback: "buy.invalid" })}
        </p>
      ) : null}
      <Rows
        rows={[
          [t("available"), `${money(available, currency)} ${currency}`, "earn-available"],
          [t("limits"), t("range", { min: plain(product.minAmount), max: plain(product.maxAmount), currency })],
          ...(product.perCustomerLimit !== null
            ? ([
                [
                  t("perCustomer"),
                  t("perCustomerLeft", {
                    limit: plain(product.perCustomerLimit),
                    left: plain(limitLeft(product, running.data?.records)),
                    currency,
                  }),
                ],
              ] as [string, string][])
            : []),
          ...(amount !== "" && problem === null ? preview(amount) : []),
        ]}
      />
      {vipShort ? (
        <p className={styles.error} role="alert">
          {t("buy.vipShort", { level: product.vipLevel })}
        </p>
      ) : null}
      {product.status !== "open" ? (
        <p className={styles.error} role="alert">
          {t("buy.notOpen", { status: t(`productStatus.${product.status}`) })}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        style={{ marginTop: 12 }}
        disabled={!canBuy}
        loading={buy.isPending}
        onClick={() => void submit()}
      >
        {buyLabel}
      </Button>
    </section>
  );
}
