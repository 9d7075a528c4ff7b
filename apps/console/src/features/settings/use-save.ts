// Saving a settings form: the server's message stays on the form until the next try.

import type { PathsOf } from "@candor/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAction } from "../../kit";
import { api, type PostBody } from "../../lib/api";

export function useSave<P extends PathsOf<"POST">>(path: P, invalidate: string[], onDone?: () => void) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // The body is typed by the path (PostBody); the low-level `api` takes it, as the generic
  // `post` cannot resolve its arguments for a path that is a type parameter here.
  const mutation = useAction((body: PostBody<P>) => api("POST", path, { body }), {
    success: t("common.saved"),
    invalidate: invalidate.map((key) => [key]),
    onSuccess: () => {
      setError(null);
      onDone?.();
    },
    onFailure: setError,
  });
  return { mutation, error, clearError: () => setError(null) };
}
