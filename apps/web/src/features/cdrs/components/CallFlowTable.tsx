import { Table } from '@mantine/core';
import type { CallRecordRow } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { orNA, parseCdrTime } from '../cdr-logic';

/** Originator / Dialed / Target / Talk Time / Action (when the leg started), 'N/A' for what is missing (spec §2). */
export function CallFlowTable({ flow }: { flow: CallRecordRow['ans_call_flow'] }) {
  const { t } = useTranslation();
  const na = t('endUser.cdrs.na');
  const when = new Intl.DateTimeFormat(currentLanguage(), { hour: 'numeric', minute: '2-digit' });
  const rows = flow.length > 0 ? flow : [null];
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder fz="xs" horizontalSpacing={6} verticalSpacing={6} data-testid="cdr-flow">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('endUser.cdrs.flow.originator')}</Table.Th>
            <Table.Th>{t('endUser.cdrs.flow.dialed')}</Table.Th>
            <Table.Th>{t('endUser.cdrs.flow.target')}</Table.Th>
            <Table.Th>{t('endUser.cdrs.flow.talkTime')}</Table.Th>
            <Table.Th>{t('endUser.cdrs.flow.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((leg, index) => {
            const at = leg ? parseCdrTime(leg.initiation) : null;
            return (
              <Table.Tr key={index} data-testid="cdr-flow-row">
                <Table.Td>{orNA(leg?.callingnumber, na)}</Table.Td>
                <Table.Td>{orNA(leg?.dialednumber, na)}</Table.Td>
                <Table.Td>{orNA(leg?.target, na)}</Table.Td>
                <Table.Td>{orNA(leg?.talktime_duration, na)}</Table.Td>
                <Table.Td>{at ? when.format(at) : orNA(leg?.initiation, na)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
