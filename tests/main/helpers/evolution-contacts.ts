// Every contact the sandbox's evolution-v2 dialect holds, asked for outside the app with the admin
// key (findContacts with no filter and no paging answers them all, in order).
export interface EvolutionContact {
  id: string;
  remoteJid: string;
  pushName: string;
}

export async function evolutionContacts(sandbox: { baseUrl: string; adminKey: string }): Promise<EvolutionContact[]> {
  const headers = { apikey: sandbox.adminKey, 'Content-Type': 'application/json' };
  const res = await fetch(`${sandbox.baseUrl}/chat/findContacts/sandbox`, { method: 'POST', headers, body: '{}' });
  return (await res.json()) as EvolutionContact[];
}

/** the contact's number as the app reads it: the JID without its suffix */
export function numberOf(contact: EvolutionContact): string {
  return contact.remoteJid.replace(/@.*/, '');
}
