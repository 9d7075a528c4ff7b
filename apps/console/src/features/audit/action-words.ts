// A recorded staff action ("wallet.withdrawal.approve", "loans.orders.:id.approve",
// "refused.kyc.approve") in words, and its target with the id ("Withdrawal #12").
type Translate = (key: string, options?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

/** The strings key of an action: dots and path parameters become underscores (":id" → "id"). */
export const actionKey = (action: string) =>
  action
    .replace(/^refused\./, "")
    .replace(/:[A-Za-z]+/g, "id")
    .replace(/\./g, "_");

/** The action in the console's language; an action without words yet shows as recorded. */
export function actionWords(action: string, t: Translate, exists: Exists): string {
  const key = `audit.actions.${actionKey(action)}`;
  const words = exists(key) ? t(key) : action;
  return action.startsWith("refused.") ? t("audit.refused", { action: words }) : words;
}

/** The target in words with its id ("Withdrawal #12"); "—" when the action had none. */
export function targetWords(type: string, id: string, t: Translate, exists: Exists): string {
  if (!type && !id) return "—";
  const key = `audit.targets.${type}`;
  const words = exists(key) ? t(key) : type;
  return id ? t("audit.targetLine", { type: words, id }) : words;
}
