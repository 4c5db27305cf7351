/**
 * Calls of an application's chat webhooks and their delivery log, typed by packages/shared/src/schemas/webhooks.ts.
 * Each mutation refreshes the webhook list and the delivery log.
 */
import type { DeliveryPage, DeliveryView, WebhookTestResult, WebhookView } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** The chat kinds a webhook can post to. */
export const WEBHOOK_KINDS = ['dingtalk', 'wecom', 'feishu', 'slack', 'json'] as const;

/** A webhook as listed (the secret only as "set or not"). */
export type Webhook = WebhookView;

/** One delivery of the log. */
export type Delivery = DeliveryView;

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
  useQuery({ queryKey: listKey(moduleId), queryFn: () => api.get<WebhookView[]>('module/webhook/list', { moduleId }) });

/** A page of an application's deliveries. */
export const useDeliveriesQuery = (moduleId: string, page: { pageIndex: number; pageSize: number }) =>
  useQuery({
    queryKey: [...logKey(moduleId), page],
    queryFn: () => api.get<DeliveryPage>('module/webhook/delivery/page', { moduleId, ...page }),
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
    mutationFn: (id: string) => api.post<WebhookTestResult>('module/webhook/test', { id }),
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
