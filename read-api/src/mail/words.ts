import type { Language, MessageTemplate } from '@relaycast/contracts';

/**
 * What each message says, in English and Russian. A message is a heading, paragraphs, an optional button and optional
 * facts (label: value rows); `{name}` placeholders are filled from the message's data. Written here, not in the web
 * app's locale files: the notifier renders without the web bundle, and e-mail wording is its own (short, one action).
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
    after: 'The link works for {days} days. If you did not create a Relaycast account, ignore this message.',
  },
  'password-reset': {
    subject: 'Reset your password',
    preview: 'A link to choose a new password for your Relaycast account.',
    heading: 'Choose a new password',
    paragraphs: ['Hello {name},', '{who} asked for a link to choose a new password for {email}. Setting a new password signs you out everywhere.'],
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
    paragraphs: ['Hello {name},', 'we received {amount} for {subscription}. Invoice {invoice} is attached.'],
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
    preview: 'We could not take the {amount} due on {due}. Pay now to keep your licence.',
    heading: 'Your payment did not go through',
    paragraphs: ['Hello {name},', '{reason} The {amount} for {subscription} was due on {due}.', 'Your licence stays valid until {graceUntil}; after that the subscription is paused, and cancelled on {cancelAt} if still unpaid.'],
    button: 'Pay {amount} now',
    after: 'The button opens the payment of exactly what is due, after you sign in.',
  },
  'trial-ending': {
    subject: 'Your free trial ends on {date}',
    preview: 'Your Relaycast trial of {subscription} ends on {date}.',
    heading: 'Your free trial ends soon',
    paragraphs: ['Hello {name},', 'the free trial of {subscription} ends on {date}. {next}'],
    button: 'Open my subscriptions',
  },
  'annual-renewal': {
    subject: 'Your annual subscription renews on {date}',
    preview: '{subscription} renews on {date} for {amount}.',
    heading: 'Your annual renewal is coming up',
    paragraphs: ['Hello {name},', '{subscription} renews on {date} for {amount} (twelve months). {next}'],
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
    preview: '{subscription} was cancelled on {date}.',
    heading: 'Your subscription was cancelled',
    paragraphs: ['Hello {name},', '{subscription} was cancelled on {date}. {reason}Its licence no longer works. You can buy a new licence at any time.'],
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
    paragraphs: ['Hello {name},', 'a new licence file for {subscription} is attached: {quantity} licence units, valid until {validUntil}. Put it in your Relaycast engine’s licence folder, or let the engine fetch it online.'],
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
    paragraphs: ['Hello {name},', 'we refunded {amount} of your payment for {subscription} on {date}. PayPal returns it to the account that paid; it may take a few days to show.'],
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
    after: 'Ссылка действует {days} дней. Если вы не создавали учётную запись Relaycast, просто не обращайте внимания на это письмо.',
  },
  'password-reset': {
    subject: 'Сброс пароля',
    preview: 'Ссылка для выбора нового пароля учётной записи Relaycast.',
    heading: 'Выберите новый пароль',
    paragraphs: ['Здравствуйте, {name}!', '{who} запросил ссылку для выбора нового пароля для {email}. После смены пароля все ваши сеансы завершатся.'],
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
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» продлена: с сохранённого счёта PayPal списано {amount}. Счёт {invoice} во вложении.'],
    button: 'Мои подписки',
  },
  'renewal-failed': {
    subject: 'Нужна оплата: «{subscription}»',
    preview: 'Не удалось списать {amount}, срок оплаты {due}. Оплатите, чтобы сохранить лицензию.',
    heading: 'Платёж не прошёл',
    paragraphs: ['Здравствуйте, {name}!', '{reason} Оплата {amount} за «{subscription}» была нужна {due}.', 'Лицензия действует до {graceUntil}; затем подписка будет приостановлена, а {cancelAt}, если оплаты не будет, — отменена.'],
    button: 'Оплатить {amount}',
    after: 'Кнопка открывает оплату ровно той суммы, что причитается, — после входа в учётную запись.',
  },
  'trial-ending': {
    subject: 'Пробный период заканчивается {date}',
    preview: 'Пробный период «{subscription}» заканчивается {date}.',
    heading: 'Пробный период скоро закончится',
    paragraphs: ['Здравствуйте, {name}!', 'Бесплатный пробный период «{subscription}» заканчивается {date}. {next}'],
    button: 'Мои подписки',
  },
  'annual-renewal': {
    subject: 'Годовая подписка продлевается {date}',
    preview: '«{subscription}» продлевается {date} за {amount}.',
    heading: 'Скоро продление годовой подписки',
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» продлевается {date} за {amount} (двенадцать месяцев). {next}'],
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
    preview: '«{subscription}» отменена {date}.',
    heading: 'Подписка отменена',
    paragraphs: ['Здравствуйте, {name}!', 'Подписка «{subscription}» отменена {date}. {reason}Её лицензия больше не действует. Новую лицензию можно купить в любое время.'],
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
    paragraphs: ['Здравствуйте, {name}!', 'Во вложении новый файл лицензии для «{subscription}»: {quantity} ед. лицензии, действует до {validUntil}. Положите его в папку лицензий сервера Relaycast или позвольте серверу получить его онлайн.'],
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
    paragraphs: ['Здравствуйте, {name}!', 'Мы вернули {amount} из вашего платежа за «{subscription}» {date}. PayPal возвращает деньги на счёт, с которого была оплата; зачисление может занять несколько дней.'],
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
    pausedAdmin: '{subscription} was paused by our team{until}.',
    pausedUntil: ' until {date}',
    payAction: 'Pay {amount} now',
    accountAction: 'Open my subscriptions',
    cancelledUnpaid: 'It was still unpaid at the end of the grace period. ',
    cancelledTakenBack: 'Its payment went back to you, so it ended there; nothing more will be charged. ',
    adminWho: 'Our support team, at your request,',
    userWho: 'Someone (probably you)',
    everyMonth: 'every month',
    everyMonths: 'every {n} months',
    changedInProfile: 'in your profile',
    changedByLink: 'with a password-reset link',
    footerWhy: 'You get this message about your own Relaycast account ({email}). We never send advertising.',
    footerReminder: 'This is a reminder. Turn reminders off: {unsubscribe}.',
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
    pausedAdmin: 'Подписка «{subscription}» приостановлена нашей командой{until}.',
    pausedUntil: ' до {date}',
    payAction: 'Оплатить {amount}',
    accountAction: 'Мои подписки',
    cancelledUnpaid: 'Оплата не поступила и после льготного периода. ',
    cancelledTakenBack: 'Оплата за неё вернулась к вам, поэтому подписка завершена; больше ничего не списывается. ',
    adminWho: 'Наша служба поддержки по вашей просьбе',
    userWho: 'Кто-то (вероятно, вы)',
    everyMonth: 'каждый месяц',
    everyMonths: 'каждые {n} мес.',
    changedInProfile: 'в профиле',
    changedByLink: 'по ссылке для сброса пароля',
    footerWhy: 'Это письмо о вашей учётной записи Relaycast ({email}). Мы никогда не присылаем рекламу.',
    footerReminder: 'Это напоминание. Отключить напоминания: {unsubscribe}.',
    unsubscribe: 'отписаться',
    footerSettings: 'Настройки учётной записи',
    demo: 'Демонстрационные платежи: деньги не списывались.',
    units: 'ед. лицензии',
    fromName: 'Relaycast',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type Phrase = keyof (typeof PHRASES)['en'];

export const WORDS: Record<Language, Words> = { en, ru };

/**
 * `{name}` placeholders filled; an unknown placeholder is a bug (thrown, so a test finds it). A value that ends a
 * sentence with its own full stop (a Russian date: «8 марта 2026 г.») takes the place of the sentence's.
 */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}(\.?)/g, (_, name: string, stop: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail words: no value for {${name}} in "${text}"`);
    return value.endsWith('.') ? value : value + stop;
  });
}
