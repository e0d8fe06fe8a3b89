import { onTestFinished, vi } from 'vitest';

interface Download {
  name: string;
  text: string;
}

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/**
 * Catches the files the app offers for download (react-admin's `downloadCSV`: a blob URL on a link it
 * clicks), for the rest of the test; jsdom can neither make blob URLs nor follow the link.
 */
export function catchDownloads() {
  const original = URL.createObjectURL;
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:download-${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  const downloads: Promise<Download>[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) downloads.push(textOf(blob).then((text) => ({ name: this.download, text })));
  });
  onTestFinished(() => {
    URL.createObjectURL = original;
    click.mockRestore();
  });
  return () => Promise.all(downloads);
}
