/**
 * Calls of an application's chat webhooks and their delivery log. The webhook routes do not declare answer
 * schemas in packages/shared yet, so the answer shapes are written here, once. Each mutation refreshes the
 * webhook list and the delivery log.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** The chat kinds a webhook can post to. */
export const WEBHOOK_KINDS = ['dingtalk', 'wecom', 'feishu', 'slack', 'json'] as const;

/** A webhook as listed (the secret only as "set or not"). */
export interface Webhook {
  id: string;
  kind: (typeof WEBHOOK_KINDS)[number];
  name: string;
  url: string;
  hasSecret: boolean;
  enabled: number;
}

/** One delivery of the log. */
export interface Delivery {
  id: string;
  kind: string;
  event: string;
  body: string;
  state: string;
  attempts: number;
  responseStatus: number;
  lastError: string;
  createdAt: number;
  webhookName: string;
  target: string;
}

/** Body of a save: a new webhook (no id) or a change; secret '' removes it, absent keeps it. */
export interface WebhookSaveInput {
  id?: string;
  kind: string;
  name: string;
  url: string;
  enabled: number;
  secret?: string;
}

const listKey = (moduleId: string) => ['webhooks', moduleId];
const logKey = (moduleId: string) => ['webhook-deliveries', moduleId];

/** Asks the webhook list and the delivery log again. */
export const refreshWebhooks = (moduleId: string) => {
  void queryClient.invalidateQueries({ queryKey: listKey(moduleId) });
  void queryClient.invalidateQueries({ queryKey: logKey(moduleId) });
};

/** An application's webhooks. */
export const useWebhooksQuery = (moduleId: string) =>
  useQuery({ queryKey: listKey(moduleId), queryFn: () => api.get<Webhook[]>('module/webhook/list', { moduleId }) });

/** A page of an application's deliveries. */
export const useDeliveriesQuery = (moduleId: string, page: { pageIndex: number; pageSize: number }) =>
  useQuery({
    queryKey: [...logKey(moduleId), page],
    queryFn: () => api.get<{ total: number; list: Delivery[] }>('module/webhook/delivery/page', { moduleId, ...page }),
  });

/** Adds or changes a webhook. Silent: the caller shows the error on its form. */
export const useSaveWebhookMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (body: WebhookSaveInput) => api.post<unknown>('module/webhook/save', { moduleId, ...body }),
    onSuccess: () => refreshWebhooks(moduleId),
    meta: { silent: true },
  });

/** Sends a test message through a webhook now; answers how it went. */
export const useTestWebhookMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<{ state: string; status: number; error: string }>('module/webhook/test', { id }),
    onSuccess: () => refreshWebhooks(moduleId),
  });

/** Sends a failed delivery again. */
export const useRetryDeliveryMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<unknown>('module/webhook/delivery/retry', { id }),
    onSettled: () => refreshWebhooks(moduleId),
  });

/** Deletes a webhook. Silent: confirmAction shows the error. */
export const useDeleteWebhookMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<unknown>('module/webhook/delete', { id }),
    onSuccess: () => refreshWebhooks(moduleId),
    meta: { silent: true },
  });
