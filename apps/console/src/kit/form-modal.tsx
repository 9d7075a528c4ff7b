// The console's create / edit dialog: a modal with a vertical form in one row of columns,
// filled from the record being edited (or a new record's defaults) each time it opens.
import { App, Form, type FormInstance, Modal, Row } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LANG_NAMES, missingLangs } from "./localized-text";

export function FormModal<V extends object, C>({
  open,
  current,
  form: given,
  title,
  width = 760,
  busy,
  initial,
  intro,
  onCancel,
  onSubmit,
  texts,
  children,
}: {
  open: boolean;
  /** The record being edited (null: a new one). */
  current: C | null;
  /** Pass a form of your own to watch its fields (Form.useWatch). */
  form?: FormInstance<V>;
  title: string;
  width?: number;
  busy: boolean;
  /** The form's values when it opens. */
  initial: (current: C | null) => Partial<V>;
  intro?: ReactNode;
  onCancel: () => void;
  onSubmit: (values: V) => void;
  /** The customer-facing texts (LocalizedText names): saving with a language missing asks first. */
  texts?: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const initialRef = useRef(initial);
  initialRef.current = initial;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialRef.current(current) as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, current, form]);
  const submit = (values: V) => {
    const missing = texts ? missingLangs(values, texts) : [];
    if (missing.length === 0) return onSubmit(values);
    modal.confirm({
      title: t("form.missingLangsTitle"),
      content: (
        <span data-testid="missing-langs">
          {t("form.missingLangs", { langs: missing.map((l) => LANG_NAMES[l]).join(", ") })}
        </span>
      ),
      okText: t("form.saveAnyway"),
      cancelText: t("form.addThem"),
      onOk: () => onSubmit(values),
    });
  };
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {intro}
      <Form form={form} layout="vertical" onFinish={submit} preserve={false} scrollToFirstError>
        <Row gutter={12}>{children}</Row>
      </Form>
    </Modal>
  );
}
