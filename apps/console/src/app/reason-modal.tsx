// A confirmation that needs a reason the customer will see (rejections, failures).
import { Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";

export function ReasonModal({
  open,
  title,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={t("common.confirm")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason)} preserve={false}>
        <Form.Item
          name="reason"
          label={t("common.reasonForCustomer")}
          rules={[{ required: true, whitespace: true, max: 500, message: t("form.reasonRule") }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
