// The loss disclosure's pieces for other features' risk warnings (issue 34 §1).
export {
  type LossLine,
  type LossProduct,
  LossRateDialogLine,
  LossRateNote,
  LossRateText,
  useLossLine,
} from "./loss-rate";
