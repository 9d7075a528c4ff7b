// A request an operator starts (save, approve, reject…): the one place a failure is shown
// (the server's translated message), the success message and the lists to refresh.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { errorText } from "../app/page-state";

export interface ActionOptions<A, R> {
  /** The success message (none when omitted). */
  success?: string | ((result: R, args: A) => string);
  /** Query keys to refresh after success (and after a failure when `refreshOnError`). */
  invalidate?: QueryKey[];
  onSuccess?: (result: R, args: A) => void;
  /** Show the failure here instead of as a message (a form's inline alert). */
  onFailure?: (text: string) => void;
  /** Refresh `invalidate` after a failure too (the record may have changed meanwhile). */
  refreshOnError?: boolean;
}

export function useAction<A = void, R = unknown>(run: (args: A) => Promise<R>, options: ActionOptions<A, R> = {}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const refresh = () => {
    for (const queryKey of options.invalidate ?? []) void client.invalidateQueries({ queryKey });
  };
  return useMutation<R, unknown, A>({
    mutationFn: run,
    onSuccess: (result, args) => {
      const text = typeof options.success === "function" ? options.success(result, args) : options.success;
      if (text) message.success(text);
      options.onSuccess?.(result, args);
      refresh();
    },
    onError: (err) => {
      if (options.onFailure) options.onFailure(errorText(err));
      else message.error(errorText(err));
      if (options.refreshOnError) refresh();
    },
  });
}
