export * from './book.js';
export { bookOf, creditNoteDraft, invoiceCustomer, invoiceDraft, invoiceLines } from './content.js';
export { createInvoicing, type Invoicing, type InvoicingOptions, type RecordedEvent } from './issuer.js';
export { createInvoicingReactor, type InvoicingReactor, type InvoicingReactorOptions } from './reactor.js';
