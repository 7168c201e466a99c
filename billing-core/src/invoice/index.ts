export * from './book.js';
export { bookOf, creditNoteDraft, creditNoteTax, invoiceCustomer, invoiceDraft, invoiceLines, invoiceTax, vatInEurosOf } from './content.js';
export { createInvoicing, type Invoicing, type InvoicingOptions, type RecordedEvent } from './issuer.js';
export { createInvoicingReactor, type InvoicingReactor, type InvoicingReactorOptions } from './reactor.js';
