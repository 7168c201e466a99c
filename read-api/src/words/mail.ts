import type { Language, MessageTemplate } from '@relaycast/contracts';

/**
 * What each message says, in English and Russian: i18next resources (words/index.ts). A message is a heading,
 * paragraphs, an optional button and optional facts (label: value rows); `{name}` placeholders are filled from the
 * message's data, `{date, stop}` ends a sentence with the value's own full stop when it has one (a Russian date: «8
 * марта 2026 г.»), and keys ending in `_one`, `_few`, `_many`, `_other` are plural forms chosen by `count`. Written
 * here, not in the web app's locale files: the notifier renders without the web bundle, and e-mail wording is its own.
 */

export interface MessageWords {
  subject: string;
  /** The inbox preview line. */
  preview: string;
  heading: string;
  paragraphs: string[];
  button?: string;
  /** Said under the button for messages whose link expires or matters. */
  after?: string;
}

type Words = Record<MessageTemplate, MessageWords>;

const en: Words = {
  'verify-email': {
    subject: 'Confirm your e-mail address',
    preview: 'One click confirms the address of your Relaycast account.',
    heading: 'Confirm your e-mail address',
    paragraphs: ['Hello {name},', 'please confirm that {email} is your address. Your account works already; a confirmed address is needed for the free trial.'],
    button: 'Confirm my address',
    after: 'The link works for {days}. If you did not create a Relaycast account, ignore this message.',
  },
  'password-reset': {
    subject: 'Reset your password',
    preview: 'A link to choose a new password for your Relaycast account.',
    heading: 'Choose a new password',
    paragraphs: ['Hello {name},', '{who} asked for a link to choose a new password for {email, stop} Setting a new password signs you out everywhere.'],
    button: 'Choose a new password',
    after: 'The link works once, until {expires} (UTC). If you did not ask for it, ignore this message: your password stays as it is.',
  },
  'password-changed': {
    subject: 'Your password was changed',
    preview: 'The password of your Relaycast account was changed on {when} (UTC).',
    heading: 'Your password was changed',
    paragraphs: ['Hello {name},', 'the password of your Relaycast account ({email}) was changed on {when} (UTC), {how}. Every other session was signed out.', 'If you did this, there is nothing more to do. If you did not, choose a new password now: the link is e-mailed to this address only.'],
    button: 'I did not do this: reset my password',
  },
  'payment-received': {
    subject: 'Payment received: {amount} for {subscription}',
    preview: 'Thank you: {amount} paid; the invoice is attached.',
    heading: 'Thank you for your payment',
    paragraphs: ['Hello {name},', 'we received {amount} for {subscription, stop} Invoice {invoice} is attached.'],
    button: 'Open my subscriptions',
  },
  'renewal-charged': {
    subject: 'Renewed: {subscription}, {amount} charged',
    preview: '{amount} charged to your saved PayPal account; the invoice is attached.',
    heading: 'Your subscription was renewed',
    paragraphs: ['Hello {name},', '{subscription} was renewed: {amount} was charged to your saved PayPal account. Invoice {invoice} is attached.'],
    button: 'Open my subscriptions',
  },
  'renewal-failed': {
    subject: 'Payment needed: {subscription}',
    preview: 'We could not take the {amount} due on {due, stop} Pay now to keep your licence.',
    heading: 'Your payment did not go through',
    paragraphs: ['Hello {name},', '{reason} The {amount} for {subscription} was due on {due, stop}', 'Your licence stays valid until {graceUntil}; after that the subscription is paused, and cancelled on {cancelAt} if still unpaid.'],
    button: 'Pay {amount} now',
    after: 'The button opens the payment of exactly what is due, after you sign in.',
  },
  'trial-ending': {
    subject: 'Your free trial ends on {date}',
    preview: 'Your Relaycast trial of {subscription} ends on {date, stop}',
    heading: 'Your free trial ends soon',
    paragraphs: ['Hello {name},', 'the free trial of {subscription} ends on {date, stop} {next}'],
    button: 'Open my subscriptions',
  },
  'annual-renewal': {
    subject: 'Your annual subscription renews on {date}',
    preview: '{subscription} renews on {date} for {amount, stop}',
    heading: 'Your annual renewal is coming up',
    paragraphs: ['Hello {name},', '{subscription} renews on {date} for {amount} ({period}). {next}'],
    button: 'Open my subscriptions',
  },
  paused: {
    subject: 'Paused: {subscription}',
    preview: '{subscription} is paused and its licence suspended.',
    heading: 'Your subscription is paused',
    paragraphs: ['Hello {name},', '{reason} While it is paused, the licence is suspended.'],
    button: '{action}',
  },
  cancelled: {
    subject: 'Cancelled: {subscription}',
    preview: '{subscription} was cancelled on {date, stop}',
    heading: 'Your subscription was cancelled',
    paragraphs: ['Hello {name},', '{subscription} was cancelled on {date, stop} {reason}Its licence no longer works. You can buy a new licence at any time.'],
    button: 'Open my subscriptions',
  },
  'cancellation-scheduled': {
    subject: '{subscription} will be cancelled on {date}',
    preview: 'Confirmed: {subscription} ends on {date}, with the paid time.',
    heading: 'Your cancellation is confirmed',
    paragraphs: ['Hello {name},', '{subscription} stays live until {date} and is cancelled then; nothing more will be charged. Changed your mind? Withdraw the cancellation in your account before that date.'],
    button: 'Open my subscriptions',
  },
  'licence-issued': {
    subject: 'Your licence file for {subscription}',
    preview: 'Licence {key}, valid until {validUntil}; the file is attached.',
    heading: 'Your licence file',
    paragraphs: ['Hello {name},', 'a new licence file for {subscription} is attached: {units}, valid until {validUntil, stop} Put it in your Relaycast engine’s licence folder, or let the engine fetch it online.'],
    button: 'Open my subscriptions',
  },
  'licence-expiring': {
    subject: 'Your licence expires on {date}',
    preview: 'The licence of {subscription} expires on {date}, when the subscription ends.',
    heading: 'Your licence expires soon',
    paragraphs: ['Hello {name},', 'the licence of {subscription} expires on {date}, when the subscription is cancelled as you asked. To keep it, withdraw the cancellation in your account before then.'],
    button: 'Open my subscriptions',
  },
  'refund-made': {
    subject: 'Refund of {amount}',
    preview: '{amount} for {subscription} is on its way back to your PayPal account.',
    heading: 'We refunded you',
    paragraphs: ['Hello {name},', 'we refunded {amount} of your payment for {subscription} on {date, stop} PayPal returns it to the account that paid; it may take a few days to show.'],
    button: 'Open my subscriptions',
  },
};

const ru: Words = {
  'verify-email': {
    subject: 'Подтвердите адрес электронной почты',
    preview: 'Один щелчок подтверждает адрес вашей учётной записи Relaycast.',
    heading: 'Подтвердите адрес электронной почты',
    paragraphs: ['Здравствуйте, {name}!', 'Подтвердите, пожалуйста, что {email} — ваш адрес. Учётная запись уже работает; подтверждённый адрес нужен для бесплатного пробного периода.'],
    button: 'Подтвердить адрес',
    after: 'Ссылка действует {days}. Если вы не создавали учётную запись Relaycast, просто не обращайте внимания на это письмо.',
  },
  'password-reset': {
    subject: 'Сброс пароля',
    preview: 'Ссылка для выбора нового пароля учётной записи Relaycast.',
    heading: 'Выберите новый пароль',
    paragraphs: ['Здравствуйте, {name}!', '{who} запросил ссылку для выбора нового пароля для {email, stop} После смены пароля все ваши сеансы завершатся.'],
    button: 'Выбрать новый пароль',
    after: 'Ссылка действует один раз, до {expires} (UTC). Если вы её не запрашивали, ничего не делайте: пароль останется прежним.',
  },
  'password-changed': {
    subject: 'Пароль изменён',
    preview: 'Пароль вашей учётной записи Relaycast изменён {when} (UTC).',
    heading: 'Пароль изменён',
    paragraphs: ['Здравствуйте, {name}!', 'Пароль вашей учётной записи Relaycast ({email}) изменён {when} (UTC), {how}. Все остальные сеансы завершены.', 'Если это сделали вы, больше ничего делать не нужно. Если нет, сразу выберите новый пароль: ссылка придёт только на этот адрес.'],
    button: 'Это был не я: сбросить пароль',
  },
  'payment-received': {
    subject: 'Оплата получена: {amount} за «{subscription}»',
    preview: 'Спасибо: оплачено {amount}; счёт во вложении.',
    heading: 'Спасибо за оплату',
    paragraphs: ['Здравствуйте, {name}!', 'Мы получили {amount} за «{subscription}». Счёт {invoice} во вложении.'],
    button: 'Мои подписки',
  },
  'renewal-charged': {
    subject: 'Подписка продлена: «{subscription}», списано {amount}',
    preview: 'С сохранённого счёта PayPal списано {amount}; счёт во вложении.',
    heading: 'Подписка продлена',
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» продлена: с сохранённого счёта PayPal списано {amount, stop} Счёт {invoice} во вложении.'],
    button: 'Мои подписки',
  },
  'renewal-failed': {
    subject: 'Нужна оплата: «{subscription}»',
    preview: 'Не удалось списать {amount}, срок оплаты {due, stop} Оплатите, чтобы сохранить лицензию.',
    heading: 'Платёж не прошёл',
    paragraphs: ['Здравствуйте, {name}!', '{reason} Оплата {amount} за «{subscription}» была нужна {due, stop}', 'Лицензия действует до {graceUntil}; затем подписка будет приостановлена, а {cancelAt}, если оплаты не будет, — отменена.'],
    button: 'Оплатить {amount}',
    after: 'Кнопка открывает оплату ровно той суммы, что причитается, — после входа в учётную запись.',
  },
  'trial-ending': {
    subject: 'Пробный период заканчивается {date}',
    preview: 'Пробный период «{subscription}» заканчивается {date, stop}',
    heading: 'Пробный период скоро закончится',
    paragraphs: ['Здравствуйте, {name}!', 'Бесплатный пробный период «{subscription}» заканчивается {date, stop} {next}'],
    button: 'Мои подписки',
  },
  'annual-renewal': {
    subject: 'Годовая подписка продлевается {date}',
    preview: '«{subscription}» продлевается {date} за {amount, stop}',
    heading: 'Скоро продление годовой подписки',
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» продлевается {date} за {amount} ({period}). {next}'],
    button: 'Мои подписки',
  },
  paused: {
    subject: 'Подписка приостановлена: «{subscription}»',
    preview: '«{subscription}» приостановлена, лицензия не действует.',
    heading: 'Подписка приостановлена',
    paragraphs: ['Здравствуйте, {name}!', '{reason} Пока подписка приостановлена, лицензия не действует.'],
    button: '{action}',
  },
  cancelled: {
    subject: 'Подписка отменена: «{subscription}»',
    preview: '«{subscription}» отменена {date, stop}',
    heading: 'Подписка отменена',
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» отменена {date, stop} {reason}Её лицензия больше не действует. Новую лицензию можно купить в любое время.'],
    button: 'Мои подписки',
  },
  'cancellation-scheduled': {
    subject: '«{subscription}» будет отменена {date}',
    preview: 'Подтверждено: «{subscription}» заканчивается {date}, вместе с оплаченным временем.',
    heading: 'Отмена подтверждена',
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» действует до {date} и тогда будет отменена; больше ничего списано не будет. Передумали? Отзовите отмену в личном кабинете до этой даты.'],
    button: 'Мои подписки',
  },
  'licence-issued': {
    subject: 'Файл лицензии для «{subscription}»',
    preview: 'Лицензия {key}, действует до {validUntil}; файл во вложении.',
    heading: 'Ваш файл лицензии',
    paragraphs: ['Здравствуйте, {name}!', 'Во вложении новый файл лицензии для «{subscription}»: {units}, действует до {validUntil, stop} Положите его в папку лицензий сервера Relaycast или позвольте серверу получить его онлайн.'],
    button: 'Мои подписки',
  },
  'licence-expiring': {
    subject: 'Лицензия истекает {date}',
    preview: 'Лицензия «{subscription}» истекает {date}, когда подписка закончится.',
    heading: 'Лицензия скоро истечёт',
    paragraphs: ['Здравствуйте, {name}!', 'Лицензия «{subscription}» истекает {date}, когда подписка будет отменена по вашей просьбе. Чтобы сохранить её, отзовите отмену в личном кабинете до этой даты.'],
    button: 'Мои подписки',
  },
  'refund-made': {
    subject: 'Возврат {amount}',
    preview: '{amount} за «{subscription}» возвращаются на ваш счёт PayPal.',
    heading: 'Мы вернули деньги',
    paragraphs: ['Здравствуйте, {name}!', 'Мы вернули {amount} из вашего платежа за «{subscription}» {date, stop} PayPal возвращает деньги на счёт, с которого была оплата; зачисление может занять несколько дней.'],
    button: 'Мои подписки',
  },
};

/** Sentences some messages choose between, and the words every message shares. */
export const PHRASES = {
  en: {
    reasonNoWallet: 'No PayPal account is saved for automatic renewals, so the payment waits for you.',
    reasonDeclined: 'PayPal declined the charge to your saved account.',
    trialNextWallet: 'Then {amount} is charged to your saved PayPal account {every}, unless you cancel before.',
    trialNextPay: 'To keep it after that, pay {amount} in your account; until then nothing is charged.',
    annualNextWallet: 'It will be charged to your saved PayPal account.',
    annualNextPay: 'No PayPal account is saved: you will be asked to pay in your account then.',
    pausedUnpaid: '{subscription} is paused: the payment due on {due} was not made. Pay it to resume at once.',
    pausedAdmin: '{subscription} was paused by our team{until, stop}',
    pausedUntil: ' until {date}',
    payAction: 'Pay {amount} now',
    accountAction: 'Open my subscriptions',
    cancelledUnpaid: 'It was still unpaid at the end of the grace period. ',
    cancelledTakenBack: 'Its payment went back to you, so it ended there; nothing more will be charged. ',
    adminWho: 'Our support team, at your request,',
    userWho: 'Someone (probably you)',
    everyMonth: 'every month',
    everyMonths_one: 'every {count} month',
    everyMonths_other: 'every {count} months',
    months_one: '{count} month',
    months_other: '{count} months',
    days_one: '{count} day',
    days_other: '{count} days',
    units_one: '{count} licence unit',
    units_other: '{count} licence units',
    changedInProfile: 'in your profile',
    changedByLink: 'with a password-reset link',
    footerWhy: 'You get this message about your own Relaycast account ({email}). We never send advertising.',
    footerReminder: 'This is a reminder. Turn reminders off: {unsubscribe, stop}',
    unsubscribe: 'unsubscribe',
    footerSettings: 'Account settings',
    demo: 'Demo payments: no money moved.',
    units: 'licence units',
    fromName: 'Relaycast',
  },
  ru: {
    reasonNoWallet: 'Для автоматического продления не сохранён счёт PayPal, поэтому оплата ждёт вас.',
    reasonDeclined: 'PayPal отклонил списание с сохранённого счёта.',
    trialNextWallet: 'Затем {amount} будет списываться с сохранённого счёта PayPal {every}, если вы не отмените подписку раньше.',
    trialNextPay: 'Чтобы продолжить пользоваться, оплатите {amount} в личном кабинете; до тех пор ничего не списывается.',
    annualNextWallet: 'Оплата будет списана с сохранённого счёта PayPal.',
    annualNextPay: 'Счёт PayPal не сохранён: в этот день вам будет предложено оплатить в личном кабинете.',
    pausedUnpaid: 'Подписка «{subscription}» приостановлена: оплата со сроком {due} не поступила. Оплатите, и подписка сразу возобновится.',
    pausedAdmin: 'Подписка «{subscription}» приостановлена нашей командой{until, stop}',
    pausedUntil: ' до {date}',
    payAction: 'Оплатить {amount}',
    accountAction: 'Мои подписки',
    cancelledUnpaid: 'Оплата не поступила и после льготного периода. ',
    cancelledTakenBack: 'Оплата за неё вернулась к вам, поэтому подписка завершена; больше ничего не списывается. ',
    adminWho: 'Наша служба поддержки по вашей просьбе',
    userWho: 'Кто-то (вероятно, вы)',
    everyMonth: 'каждый месяц',
    everyMonths_one: 'каждый {count} месяц',
    everyMonths_few: 'каждые {count} месяца',
    everyMonths_many: 'каждые {count} месяцев',
    everyMonths_other: 'каждые {count} месяца',
    months_one: '{count} месяц',
    months_few: '{count} месяца',
    months_many: '{count} месяцев',
    months_other: '{count} месяца',
    days_one: '{count} день',
    days_few: '{count} дня',
    days_many: '{count} дней',
    days_other: '{count} дня',
    units_one: '{count} единица лицензии',
    units_few: '{count} единицы лицензии',
    units_many: '{count} единиц лицензии',
    units_other: '{count} единицы лицензии',
    changedInProfile: 'в профиле',
    changedByLink: 'по ссылке для сброса пароля',
    footerWhy: 'Это письмо о вашей учётной записи Relaycast ({email}). Мы никогда не присылаем рекламу.',
    footerReminder: 'Это напоминание. Отключить напоминания: {unsubscribe, stop}',
    unsubscribe: 'отписаться',
    footerSettings: 'Настройки учётной записи',
    demo: 'Демонстрационные платежи: деньги не списывались.',
    units: 'ед. лицензии',
    fromName: 'Relaycast',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The labels of a message's facts (label: value rows). */
export const FACT_LABELS = {
  en: { invoice: 'Invoice', amount: 'Amount', paidOn: 'Paid on', period: 'Period', nextRenewal: 'Next renewal', due: 'Due on', attempt: 'Attempt', nextRetry: 'Next try', licenceKey: 'Licence key', validUntil: 'Valid until', units: 'Licence units', refundedOn: 'Refunded on', subscription: 'Subscription', noEnd: 'no end' },
  ru: { invoice: 'Счёт', amount: 'Сумма', paidOn: 'Дата оплаты', period: 'Период', nextRenewal: 'Следующее продление', due: 'Срок оплаты', attempt: 'Попытка', nextRetry: 'Следующая попытка', licenceKey: 'Ключ лицензии', validUntil: 'Действует до', units: 'Единицы лицензии', refundedOn: 'Дата возврата', subscription: 'Подписка', noEnd: 'бессрочно' },
} as const satisfies Record<Language, Record<string, string>>;


export const WORDS: Record<Language, Words> = { en, ru };
