/** Demo names and simulated call records (builtin platform only): deterministic, from the seed's generator. */

export const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Keiko',
  'Liam',
  'Maria',
  'Noah',
  'Olga',
  'Pedro',
  'Quinn',
  'Rosa',
  'Samir',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Yusuf',
  'Zoe',
];

export const LAST = [
  'Almeida',
  'Brown',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ivanova',
  'Jensen',
  'Kim',
  'Lopez',
  'Martin',
  'Nakamura',
  'Okafor',
  'Petit',
  'Rossi',
  'Silva',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Young',
  'Zimmer',
];

/** Three weeks of calls for the first few extensions of a tenant, some with recordings. */
export function callRecords(tenantId: string, extensions: number, now: number, rand: () => number) {
  const directions = ['Inbound', 'Outbound', 'Missed', 'Missed-VM'] as const;
  const rows = [];
  for (let e = 0; e < extensions; e++) {
    const extension = String(100 + e);
    for (let day = 0; day < 21; day++) {
      const calls = Math.floor(rand() * 4);
      for (let c = 0; c < calls; c++) {
        const direction = directions[Math.floor(rand() * (rand() > 0.7 ? 4 : 2))]!;
        const talk = direction.startsWith('Missed') ? 0 : Math.floor(rand() * 900) + 5;
        const destination = `+1555${String(1000000 + Math.floor(rand() * 8999999))}`;
        const startedAt = now - day * 86_400_000 - Math.floor(rand() * 10 * 3_600_000);
        rows.push({
          tenant_id: tenantId,
          extension,
          name: `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]}`,
          destination,
          direction,
          started_at: startedAt,
          talk_seconds: talk,
          recording_url: talk > 0 && rand() > 0.7 ? `demo-recording-${tenantId}-${extension}-${day}-${c}.wav` : null,
          call_flow: JSON.stringify([
            {
              callingnumber: direction === 'Outbound' ? extension : destination,
              dialednumber: direction === 'Outbound' ? destination : extension,
              target: extension,
              talktime_duration: talk,
              initiation: startedAt,
            },
          ]),
        });
      }
    }
  }
  return rows;
}
