// Fair use of uploads (issue 9): each customer's documents take at most a quota of storage, and each signed-in user
// may start a limited number of uploads in a window. The environment may change both (README; read by config.ts).

export interface UploadLimits {
  /** Total bytes of the documents of one customer (theirs and their manager's about them). */
  quotaBytes: number;
  /** Uploads one signed-in user may start per window (attempts, refused ones included). */
  rateMax: number;
  rateWindowMs: number;
}

const MB = 1024 * 1024;

export const UPLOAD_LIMIT_DEFAULTS: UploadLimits = {
  quotaBytes: 200 * MB,
  rateMax: 30,
  rateWindowMs: 10 * 60_000,
};

function positive(value: string | undefined): number | null {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : null;
}

/** UPLOAD_QUOTA_MB (per customer) and UPLOAD_RATE_LIMIT (uploads per 10 minutes per user): the overrides they give. */
export function uploadLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<UploadLimits> {
  const quotaMb = positive(env.UPLOAD_QUOTA_MB);
  const rate = positive(env.UPLOAD_RATE_LIMIT);
  return {
    ...(quotaMb ? { quotaBytes: Math.round(quotaMb * MB) } : {}),
    ...(rate ? { rateMax: Math.floor(rate) } : {}),
  };
}

/** A quota in MB as people write it (200, 0.5). */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / MB) * 100) / 100);
}
