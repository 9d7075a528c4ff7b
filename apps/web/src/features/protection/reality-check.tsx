// The reality check dialog (issue 34 §2): while the customer is on a trading screen and has
// chosen an interval, every N minutes a dialog shows the time spent and the session's
// realised result (GET /api/user/session/summary since the session's start), with Stop
// (ends the session and goes home) and Continue. Off by default.
import { Dialog } from "antd-mobile";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { routes, TRADING_ROUTES } from "../../app/routes";
import { useUserStore } from "../../stores/user";
import { fetchSessionSummary, useLimits } from "./api";
import { createRealityTimer } from "./reality-timer";

export function RealityCheck() {
  const { t } = useTranslation("protection");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const loggedIn = useUserStore((s) => s.token !== null);
  const minutes = useLimits(loggedIn).data?.realityCheckMinutes ?? null;
  const trading = TRADING_ROUTES.includes(pathname);
  const since = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof createRealityTimer> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog's texts follow the language at the time it opens
  useEffect(() => {
    if (!minutes) return;
    const current = createRealityTimer(minutes, (spent) => {
      void fetchSessionSummary(since.current)
        .catch(() => null)
        .then((summary) =>
          Dialog.show({
            title: t("checkTitle"),
            content: (
              <div>
                <p>{t("checkSpent", { count: spent })}</p>
                <p>{summary ? t("checkResult", { amount: summary.realisedUsdt }) : t("checkResultUnknown")}</p>
              </div>
            ),
            closeOnAction: true,
            actions: [
              [
                {
                  key: "stop",
                  text: t("stop"),
                  danger: true,
                  onClick: () => {
                    current.stop();
                    since.current = undefined;
                    navigate(routes.home);
                  },
                },
                { key: "continue", text: t("continue"), bold: true, onClick: () => current.continue() },
              ],
            ],
          }),
        );
    });
    timer.current = current;
    return () => {
      current.stop();
      timer.current = null;
    };
  }, [minutes, navigate]);

  useEffect(() => {
    const current = timer.current;
    if (!current) return;
    if (trading && !current.running) {
      current.start();
      // The session's start on the server's clock: the summary counts from there.
      void fetchSessionSummary()
        .then((s) => {
          since.current = s.now;
        })
        .catch(() => undefined);
    } else if (!trading && current.running) {
      current.stop();
      since.current = undefined;
    }
  });

  return null;
}
