// The names of the Conversations screen's first-paint marks on the window's performance timeline
// (first-paint-marks.ts sets them): plain strings with no imports, so the window bench that
// reads them in the page can import them outside the renderer.
export const INBOX_MARKS = {
  firstPageAsked: 'inbox:first-page-asked',
  firstPageAnswered: 'inbox:first-page-answered',
  firstRowPainted: 'inbox:first-row-painted',
} as const;
