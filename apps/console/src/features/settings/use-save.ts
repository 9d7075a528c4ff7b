// Saving a settings form: the server's message stays on the form until the next try.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/page-state";
import { post } from "../../lib/api";

export function useSave<T>(path: string, invalidate: string[], onDone?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: T) => post(path, body),
    onSuccess: () => {
      setError(null);
      message.success(t("common.saved"));
      for (const key of invalidate) void client.invalidateQueries({ queryKey: [key] });
      onDone?.();
    },
    onError: (err) => setError(errorText(err)),
  });
  return { mutation, error, clearError: () => setError(null) };
}
