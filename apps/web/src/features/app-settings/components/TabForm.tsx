import type { SettingsTab } from '@provisio/contract';
import type { Values } from '../settings-values';
import { CallControlTab } from './tabs/CallControlTab';
import { BlfTab, BlockedNumbersTab, CallGroupsTab } from './tabs/ListTabs';
import { SchedulesTab } from './tabs/SchedulesTab';
import { AccountTab, AppTab, VoicemailTab } from './tabs/SimpleTabs';
import { setAt } from '../settings-values';

interface TabFormProps {
  tab: SettingsTab;
  values: Values;
  groups: string[];
  onChange: (values: Values) => void;
}

/** The fields of one tab, built from the server's `values` (and `options` for call groups). */
export function TabForm({ tab, values, groups, onChange }: TabFormProps) {
  const form = { values, set: (path: string, value: unknown) => onChange(setAt(values, path, value)) };
  switch (tab) {
    case 'appSettings':
      return <AppTab form={form} />;
    case 'accountSettings':
      return <AccountTab form={form} />;
    case 'callControlSettings':
      return <CallControlTab form={form} />;
    case 'callGroupsSettings':
      return <CallGroupsTab form={form} groups={groups} />;
    case 'blockedNumbersSettings':
      return <BlockedNumbersTab form={form} />;
    case 'schedulesSettings':
      return <SchedulesTab form={form} />;
    case 'voicemailSettings':
      return <VoicemailTab form={form} />;
    case 'blfSettings':
      return <BlfTab form={form} />;
  }
}
