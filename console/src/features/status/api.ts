import { api } from '../../api/client';

/** The server status object of the spec (the fields the console reads so far). */
export interface ServerStatus {
  version?: string;
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  enable_drawing: boolean;
  mj_notify_enabled?: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  default_collapse_sidebar: boolean;
  email_verification: boolean;
  chat_link?: string;
  top_up_link?: string;
  server_address?: string;
  min_topup?: number;
  enable_online_topup?: boolean;
}

export const statusApi = {
  /** Quiet: the layout shows its own "cannot reach the server" banner instead of a toast. */
  status: (signal?: AbortSignal) => api<ServerStatus>('GET', '/api/status', undefined, { signal, quiet: true }),
};
