// /personalInfo: surname, first name, gender, birthday, country, address, phone.

import type { Country, PersonalInfo } from "@candor/contract";
import { profilePaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, DatePicker, DotLoading, Form, Input, Selector } from "antd-mobile";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CountryPicker } from "../../components/country-picker";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { useCountries } from "../../lib/countries";
import { refreshCurrentUser } from "../../lib/session";
import { showToast } from "../../lib/toast";

const PATH = profilePaths.personalInfo;

export default function PersonalInfoScreen() {
  const { t } = useTranslation("my");
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ["personalInfo"], queryFn: () => api.get(PATH, { silent: true }) });
  const countries = useCountries();
  const [form, setForm] = useState<PersonalInfo | null>(null);
  const [pickBirthday, setPickBirthday] = useState(false);
  useEffect(() => {
    if (info.data && !form) setForm(info.data);
  }, [info.data, form]);

  const save = useMutation({
    mutationFn: (body: PersonalInfo) => api.post(profilePaths.updatePersonalInfo, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(["personalInfo"], saved);
      await refreshCurrentUser();
      showToast(t("saved"), "success");
    },
  });

  if (info.isPending || (info.isSuccess && !form)) {
    return (
      <div>
        <PageHeader title={t("routes:personalInfo")} />
        <div style={{ display: "flex", justifyContent: "center", padding: 48 }}>
          <DotLoading color="primary" />
        </div>
      </div>
    );
  }
  if (info.isError || !form) {
    return (
      <div>
        <PageHeader title={t("routes:personalInfo")} />
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button onClick={() => void info.refetch()}>{t("common:retry")}</Button>
        </EmptyState>
      </div>
    );
  }
  const country: Country | null = countries.data?.find((c) => c.countryCode === form.countryCode) ?? null;
  const set = <K extends keyof PersonalInfo>(key: K, value: PersonalInfo[K]) => setForm({ ...form, [key]: value });
  const text = (v: string) => (v.trim() === "" ? null : v);
  return (
    <div>
      <PageHeader title={t("routes:personalInfo")} />
      <Form
        layout="horizontal"
        footer={
          <Button block color="primary" loading={save.isPending} onClick={() => save.mutate(form)}>
            {t("save")}
          </Button>
        }
      >
        <Form.Item label={t("surname")}>
          <Input
            value={form.surname ?? ""}
            onChange={(v) => set("surname", text(v))}
            maxLength={64}
            aria-label={t("surname")}
          />
        </Form.Item>
        <Form.Item label={t("firstName")}>
          <Input
            value={form.firstName ?? ""}
            onChange={(v) => set("firstName", text(v))}
            maxLength={64}
            aria-label={t("firstName")}
          />
        </Form.Item>
        <Form.Item label={t("gender")}>
          <Selector
            columns={3}
            value={form.gender ? [form.gender] : []}
            onChange={(v) => set("gender", (v[0] as PersonalInfo["gender"]) ?? null)}
            options={(["male", "female", "other"] as const).map((g) => ({ label: t(`genders.${g}`), value: g }))}
          />
        </Form.Item>
        <Form.Item label={t("birthday")} onClick={() => setPickBirthday(true)} clickable>
          {form.birthday ?? <span style={{ color: "#757575" }}>{t("choose")}</span>}
        </Form.Item>
        <Form.Item label={t("country")}>
          <CountryPicker value={country} onChange={(c) => set("countryCode", c.countryCode)} />
        </Form.Item>
        <Form.Item label={t("address")}>
          <Input
            value={form.address ?? ""}
            onChange={(v) => set("address", text(v))}
            maxLength={255}
            aria-label={t("address")}
          />
        </Form.Item>
        <Form.Item label={t("contactPhone")}>
          <Input
            value={form.phone ?? ""}
            onChange={(v) => set("phone", text(v))}
            type="tel"
            maxLength={24}
            aria-label={t("contactPhone")}
          />
        </Form.Item>
      </Form>
      <DatePicker
        visible={pickBirthday}
        onClose={() => setPickBirthday(false)}
        min={new Date(1900, 0, 1)}
        max={new Date()}
        defaultValue={form.birthday ? dayjs(form.birthday).toDate() : new Date(1990, 0, 1)}
        onConfirm={(d) => set("birthday", dayjs(d).format("YYYY-MM-DD"))}
        confirmText={t("common:confirm")}
        cancelText={t("common:cancel")}
      />
    </div>
  );
}
