import { Alert, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type BrandingFields, MIN_BRAND_CONTRAST, type ResellerBranding } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions';
import { contractSchema } from '../../../lib/contract';
import { type Rule, matches, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveResellerBranding } from '../api/save-reseller-branding';
import { BrandingPreview } from './BrandingPreview';
import { ColorField, contrastOf } from './ColorField';
import { type LogoChange, LogoField } from './LogoField';

type BrandingValues = BrandingFields & { allow_reseller_edit: boolean };

const FIELDS = [
  'brand_name',
  'primary_color',
  'secondary_color',
  'sender_name',
  'sender_email',
  'support_email',
  'support_phone',
  'host_name',
] as const satisfies readonly (keyof BrandingFields)[];

const valuesOf = (branding: ResellerBranding): BrandingValues => ({
  ...(Object.fromEntries(FIELDS.map((name) => [name, branding[name]])) as BrandingFields),
  allow_reseller_edit: branding.allow_reseller_edit,
});

/** A colour too light to read on white is refused before the call (ColorField says why, as it is typed). */
const readable: Rule<BrandingValues> = (values) => {
  const low = (color: string) => (contrastOf(color) ?? MIN_BRAND_CONTRAST) < MIN_BRAND_CONTRAST;
  return {
    ...(low(values.primary_color) ? { primary_color: 'brandColorContrast' as const } : {}),
    ...(low(values.secondary_color) ? { secondary_color: 'brandColorContrast' as const } : {}),
  };
};

interface BrandingFormProps {
  branding: ResellerBranding;
  /** Administrators also decide whether the reseller's own users may change it. */
  admin: boolean;
  /** Cancel: the modal closes; without it the form goes back to the saved values. */
  onCancel?: () => void;
}

/** A reseller's white-label branding (issue #19): name, logo, colours, email sender, support, host name. */
export function BrandingForm({ branding, admin, onCancel }: BrandingFormProps) {
  const { t } = useTranslation();
  const save = useSaveResellerBranding();
  const [logo, setLogo] = useState<LogoChange>(undefined);
  const [shownLogo, setShownLogo] = useState<string | null>(branding.logo_url);
  const [logoKey, setLogoKey] = useState(0);
  const readOnly = !branding.may_edit;
  const { form, field, submit } = useContractForm<BrandingValues>(
    valuesOf(branding),
    rules(
      matches(contractSchema('BrandingFields'), (v) => pickFields(v)),
      readable,
    ),
  );

  const onSubmit = submit(
    (values) =>
      save.mutateAsync({
        reseller_id: branding.reseller_id,
        ...pickFields(values),
        ...(logo !== undefined ? { logo } : {}),
        ...(admin ? { allow_reseller_edit: values.allow_reseller_edit } : {}),
      }),
    (reply) => {
      notifySuccess(reply.message);
      setLogo(undefined);
      setShownLogo(reply.branding.logo_url);
      setLogoKey((k) => k + 1);
    },
  );

  const cancel = () => {
    if (onCancel) return onCancel();
    form.setValues(valuesOf(branding));
    form.clearErrors();
    setLogo(undefined);
    setShownLogo(branding.logo_url);
    setLogoKey((k) => k + 1);
  };

  const text = (name: (typeof FIELDS)[number], label: string, testId: string, description?: string) => (
    <TextInput
      label={t(label)}
      description={description && t(description)}
      {...field(name)}
      disabled={readOnly}
      data-testid={testId}
    />
  );
  const { values } = form;

  return (
    <form onSubmit={onSubmit} noValidate data-testid={`branding-form-${branding.reseller_id}`}>
      <Stack gap="md">
        {readOnly && (
          <Alert color="gray" data-testid="branding-read-only">
            {t('msg:brandingNotAllowed')}
          </Alert>
        )}
        {!branding.saved && (
          <Text size="sm" c="dimmed">
            {t('branding.notSaved')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            {text('brand_name', 'branding.brandName', 'branding-name')}
            <LogoField
              key={logoKey}
              current={branding.logo_url}
              change={logo}
              onChange={(change, shown) => {
                setLogo(change);
                setShownLogo(shown);
              }}
              disabled={readOnly}
            />
            <ColorField
              which="primary"
              label={t('branding.primary')}
              description={t('branding.primaryHint')}
              {...field('primary_color')}
              disabled={readOnly}
            />
            <ColorField
              which="secondary"
              label={t('branding.secondary')}
              description={t('branding.secondaryHint')}
              {...field('secondary_color')}
              disabled={readOnly}
            />
          </Stack>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('branding.preview')}
            </Text>
            <BrandingPreview
              name={values.brand_name}
              logo={shownLogo}
              primary={values.primary_color}
              secondary={values.secondary_color}
            />
          </div>
        </SimpleGrid>
        {text('sender_name', 'branding.senderName', 'branding-sender-name', 'branding.senderHint')}
        {text('sender_email', 'branding.senderEmail', 'branding-sender-email')}
        {text('support_email', 'branding.supportEmail', 'branding-support-email', 'branding.supportHint')}
        {text('support_phone', 'branding.supportPhone', 'branding-support-phone')}
        {text('host_name', 'branding.host', 'branding-host', 'branding.hostHint')}
        {admin && (
          <Switch
            label={t('branding.allow')}
            {...form.getInputProps('allow_reseller_edit', { type: 'checkbox' })}
            data-testid="branding-allow"
          />
        )}
        {!readOnly && <FormActions testId="branding" onCancel={cancel} saving={save.isPending} />}
      </Stack>
    </form>
  );
}

function pickFields(values: BrandingValues): BrandingFields {
  return Object.fromEntries(FIELDS.map((name) => [name, values[name]])) as BrandingFields;
}
