/** The upload limit as people read it: 10 MB, 2.5 MB, 512 KB. */
function uploadLimitText(maxBytes: number): string {
  return maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
}

/** What a file over the limit is told: by the server (413), and by the form before it sends a byte. */
export function fileTooLarge(maxBytes: number): { title: string; message: string } {
  return { title: 'File Too Large', message: `The file is larger than ${uploadLimitText(maxBytes)}. Choose a smaller file.` };
}
