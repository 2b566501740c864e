// Which profile each side of a data folder works with. The terminal's choice (`crm profiles use`)
// and the window's are kept apart, so picking a profile in the window never changes what the next
// `crm send` uses. The window's own choice falls back to the terminal's until it makes one, and
// when the profile it chose is gone. Pure.

/** whose choice a process reads and changes: the window's, or the terminal's (`crm`) */
export type ProfileChooser = 'window' | 'terminal';

export interface ProfileChoices {
  terminalProfileId: string | null;
  windowProfileId: string | null;
}

export function choicesOf(profileIds: readonly string[], terminalId: string | null, windowId: string | null | undefined): ProfileChoices {
  const known = (id: string | null | undefined): id is string => typeof id === 'string' && profileIds.includes(id);
  const terminalProfileId = known(terminalId) ? terminalId : null;
  return { terminalProfileId, windowProfileId: known(windowId) ? windowId : terminalProfileId };
}

/** the choice this chooser works with */
export function ownChoice(choices: ProfileChoices, chooser: ProfileChooser): string | null {
  return chooser === 'window' ? choices.windowProfileId : choices.terminalProfileId;
}
