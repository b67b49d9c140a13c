import { COMPANY_TIME_ZONE } from '@raahi/domain';
import { fileTooLarge } from '@raahi/domain';

/** The one way the app talks to the server: JSON, the session cookie, and the CSRF token on changes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let uploadMaxBytes: number | null = null;
let onUnauthorized: (() => void) | null = null;

export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};
/** The server's upload limit, from the session answer. */
export const setUploadMaxBytes = (bytes: number | null) => {
  uploadMaxBytes = bytes;
};
/** The company's time zone (RAAHI_TIME_ZONE), from the session answer: badges judge today by it, as the server does. */
let timeZone = COMPANY_TIME_ZONE;
export const setCompanyTimeZone = (zone: string | null | undefined) => {
  timeZone = zone || COMPANY_TIME_ZONE;
};
export const companyTimeZone = () => timeZone;
export const setUnauthorizedHandler = (handler: (() => void) | null) => {
  onUnauthorized = handler;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function api<T>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a file and its fields) goes as multipart, its boundary set by the browser.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (UNSAFE.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network Error', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith('/api/auth/login')) onUnauthorized?.();
    throw new ApiError(response.status, data?.title ?? 'Error', data?.message ?? `The server answered ${response.status}.`);
  }
  return data as T;
}

export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface StoredFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * Uploads one file to the server's private storage (the one upload service of the product), reporting
 * progress as a fraction from 0 to 1 (XMLHttpRequest: fetch cannot report an upload's progress).
 */
export function uploadFile(file: File, onProgress?: (fraction: number) => void): Promise<StoredFile> {
  // A file over the limit is refused here, in the server's words, before any of it is sent.
  if (uploadMaxBytes !== null && file.size > uploadMaxBytes) {
    const { title, message } = fileTooLarge(uploadMaxBytes);
    return Promise.reject(new ApiError(413, title, message));
  }
  const body = new FormData();
  body.set('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files');
    request.setRequestHeader('accept', 'application/json');
    if (csrfToken) request.setRequestHeader('x-csrf-token', csrfToken);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, 'Upload Failed', 'Could not reach the server. Check your connection and try again.'));
    request.onload = () => {
      let data: { title?: string; message?: string } | null = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300) return resolve(data as unknown as StoredFile);
      if (request.status === 401) onUnauthorized?.();
      reject(new ApiError(request.status, data?.title ?? 'Upload Failed', data?.message ?? `The server answered ${request.status}.`));
    };
    request.send(body);
  });
}

/** Where a signed-in user downloads a stored file. */
export const fileUrl = (id: string) => `/api/files/${encodeURIComponent(id)}`;
