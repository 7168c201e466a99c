/** Build-time compiled ajv validators of contracts' schemas (web/scripts/validators-plugin.ts). */
declare module 'virtual:relaycast-validators' {
  import type { ErrorObject } from 'ajv';
  export interface CompiledValidator {
    (data: unknown): boolean;
    errors?: ErrorObject[] | null;
  }
  export const BillingDetails: CompiledValidator;
  export const UserForm: CompiledValidator;
  export const UserUpdate: CompiledValidator;
  export const SubscriptionCreate: CompiledValidator;
  export const SubscriptionUpdate: CompiledValidator;
  export const SubscriptionRevise: CompiledValidator;
  export const CaptureOrder: CompiledValidator;
  export const CaptureChangePaymentMethod: CompiledValidator;
  export const EntryCreate: CompiledValidator;
  export const EntryUpdate: CompiledValidator;
  export const SectionSave: CompiledValidator;
}
