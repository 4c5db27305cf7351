/**
 * Access to antd's message/modal outside components (query error handlers, session handling).
 * `UiBridge` (mounted inside antd's <App>) fills these.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

export const ui: { message: MessageInstance | null; modal: ModalHookAPI | null } = { message: null, modal: null };
