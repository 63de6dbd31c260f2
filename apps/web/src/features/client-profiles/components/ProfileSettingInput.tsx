import { Input, SegmentedControl, Select, TextInput } from '@mantine/core';
import {
  PROFILE_OPTIONS,
  type ProfileDefaultsReply,
  type ProfileFieldSpec,
  type ProfileOption,
} from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { OrderedListBuilder } from './OrderedListBuilder';

/** The getDefaults key answering each option set (the server's lists win over the built-in copy). */
const DEFAULTS_KEY: Record<string, keyof ProfileDefaultsReply> = {
  transport: 'transport',
  outboundproxytransport: 'outboundproxytransport',
  audioCodecs: 'codecorder',
  webrtcCodecs: 'codecorderwebrtc',
  dtmf: 'dtmforder',
  videoCodecs: 'videocodecorder',
  natTraversal: 'nattraversal',
  videoDims: 'videodims',
  opusBand: 'opusband',
};

export function optionsFor(
  name: string,
  set: keyof typeof PROFILE_OPTIONS,
  defaults: ProfileDefaultsReply | undefined,
): readonly ProfileOption[] {
  const fromServer = defaults?.[name as keyof ProfileDefaultsReply] ?? defaults?.[DEFAULTS_KEY[set]!];
  return fromServer ?? PROFILE_OPTIONS[set];
}

/** The allowed range shown under a field, from the same table the server checks. */
export function rangeText(spec: ProfileFieldSpec, t: (key: string, o?: Record<string, unknown>) => string): string {
  switch (spec.kind) {
    case 'text':
      return t('clientProfiles.range.text', { max: spec.max });
    case 'number':
      return t('clientProfiles.range.number', { min: spec.min, max: spec.max });
    case 'flag':
      return t('clientProfiles.range.flag');
    default:
      return '';
  }
}

interface Props {
  name: string;
  spec: ProfileFieldSpec;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  defaults: ProfileDefaultsReply | undefined;
}

/** One setting of the profile form, drawn from its row in the field table, with its help text and range. */
export function ProfileSettingInput({ name, spec, value, onChange, error, defaults }: Props) {
  const { t } = useTranslation();
  const label = t(`clientProfiles.fields.${name}`);
  const range = rangeText(spec, t);
  const description = [t(`clientProfiles.help.${name}`), range].filter(Boolean).join(' · ');
  const testId = `profile-${name}`;
  switch (spec.kind) {
    case 'flag':
      return (
        <Input.Wrapper label={label} description={description} error={error}>
          <SegmentedControl
            mt={4}
            size="xs"
            value={value}
            onChange={onChange}
            data={[
              { value: '', label: t('clientProfiles.flag.default') },
              { value: '1', label: t('common.yes') },
              { value: '0', label: t('common.no') },
            ]}
            data-testid={testId}
          />
        </Input.Wrapper>
      );
    case 'choice':
      return (
        <Select
          label={label}
          description={description}
          error={error}
          placeholder={t('clientProfiles.flag.default')}
          data={optionsFor(name, spec.options, defaults).map((o) => ({ value: String(o.value), label: o.label }))}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable
          data-testid={testId}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'list':
      return (
        <OrderedListBuilder
          label={label}
          description={description}
          options={optionsFor(name, spec.options, defaults)}
          value={value}
          onChange={onChange}
          error={error}
          testId={testId}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          description={description}
          error={error}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          inputMode={spec.kind === 'number' ? 'numeric' : undefined}
          data-testid={testId}
        />
      );
  }
}
