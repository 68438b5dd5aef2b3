import type { Language } from '../../domain/language.ts';

/**
 * The words of the standard pre-contractual information (Standard European Consumer Credit Information, Annex II
 * of Directive 2023/2225) in Latvian and Russian.
 */
export const SECCI_WORDS = {
  lv: {
    title: 'Standarta informācija par patēriņa kredītu',
    subtitle: 'Eiropas patēriņa kredīta standarta informācija: kreditora {lender} piedāvājums',
    indicative:
      'Skaitļus, kas apzīmēti ar *, esam aprēķinājuši mēs pēc piedāvājuma nosacījumiem; aizdevējs tos aprēķina pēc faktiskā dienu skaita, tāpēc līgumā tie var nedaudz atšķirties.',
    warning: 'Uzmanību! Aizņemties naudu maksā naudu.',
    identity: '1. Kreditora un kredīta starpnieka identitāte un kontaktinformācija',
    creditor: 'Kreditors',
    creditorValue: '{lender} ({kind})',
    creditorRegistration: 'Kreditora reģistrācijas numurs',
    creditorAddress: 'Kreditora adrese',
    bank: 'banka',
    nonBank: 'nebanku kreditētājs',
    intermediary: 'Kredīta starpnieks',
    intermediaryValue:
      '{name}, reģ. Nr. {reg}, {address}; PTAC licence {licence}. Mums maksā kreditors, jums mūsu pakalpojums ir bez maksas.',
    product: '2. Kredīta produkta galvenās iezīmes',
    type: 'Kredīta veids',
    typeValue: 'Patēriņa kredīts ar fiksētu procentu likmi, atmaksa vienādos ikmēneša maksājumos (anuitāte)',
    amount: 'Kopējā kredīta summa',
    term: 'Kredīta līguma termiņš, mēnešos',
    termValue: '{months}',
    instalments: 'Maksājumi',
    instalmentsValue: 'ikmēneša maksājumu skaits: {count}, katrs {payment} *',
    totalPayable: 'Kopējā atmaksājamā summa *',
    costs: '3. Kredīta izmaksas',
    rate: 'Aizņēmuma procentu likme',
    rateValue: '{rate} gadā, fiksēta visu termiņu',
    apr: 'Gada procentu likme (GPL) *',
    aprExample:
      'Reprezentatīvais piemērs: ja {amount} izsniedz pilnā apmērā uz termiņu {months} mēn. ar aizņēmuma procentu likmi {rate} gadā, līguma noformēšanas komisiju {arrangementFee} un administrēšanas maksu {monthlyFee} mēnesī, ikmēneša maksājums ir {payment}, kopējā atmaksājamā summa {total}, kredīta kopējās izmaksas {cost}, GPL {apr}.',
    arrangementFee: 'Līguma noformēšanas komisija',
    monthlyFee: 'Administrēšanas maksa mēnesī',
    totalCost: 'Kredīta kopējās izmaksas *',
    late: 'Kavētu maksājumu sekas',
    lateValue:
      'Par kavētiem maksājumiem kreditors var prasīt līgumsodu atbilstoši līgumam un likumam; kavējumi tiek reģistrēti kredītinformācijas birojos un var apgrūtināt kredīta saņemšanu nākotnē.',
    costCapLabel: 'Kredīta izmaksu ierobežojums',
    costCap:
      'Uzmanību: šī piedāvājuma kredīta kopējās izmaksas pārsniedz Latvijā noteikto ierobežojumu (0,07 % no kredīta summas dienā).',
    legal: '4. Citi svarīgi juridiskie aspekti',
    withdrawal: 'Atteikuma tiesības',
    withdrawalValue:
      'Jums ir tiesības 14 kalendāro dienu laikā pēc līguma noslēgšanas atteikties no kredīta līguma, nenorādot iemeslu; atmaksā saņemto summu un procentus par dienām, kurās kredīts izmantots.',
    earlyRepayment: 'Pirmstermiņa atmaksa',
    earlyRepaymentValue:
      'Kredītu var atmaksāt pirms termiņa jebkurā laikā pilnībā vai daļēji; kredīta kopējās izmaksas samazinās. Kreditors var prasīt taisnīgu kompensāciju atbilstoši likumam.',
    database: 'Datubāzes pārbaude',
    databaseValue:
      'Kreditors pārbauda jūsu kredītspēju, arī kredītinformācijas birojos. Ja kredītu atsaka pēc datubāzes pārbaudes, kreditors jums to bez maksas paziņo.',
    draft: 'Līguma projekts',
    draftValue: 'Jums ir tiesības pēc pieprasījuma bez maksas saņemt kredīta līguma projektu.',
    human: 'Cilvēka iesaistīšanās',
    humanValue:
      'Ja lēmums par kredītu pieņemts automātiski, jums ir tiesības lūgt, lai to pārskata cilvēks, saņemt lēmuma skaidrojumu un paust savu viedokli.',
    validity: 'Piedāvājums derīgs līdz',
    print: 'Šo lapu var izdrukāt (pārlūka izvēlne "Drukāt" vai Ctrl+P) vai saglabāt PDF formātā.',
    pdf: 'Lejupielādēt PDF',
  },
  ru: {
    title: 'Стандартная информация о потребительском кредите',
    subtitle: 'Стандартная европейская информация о потребительском кредите: предложение кредитора {lender}',
    indicative:
      'Цифры, отмеченные *, рассчитаны нами по условиям предложения; кредитор считает их по фактическому числу дней, поэтому в договоре они могут немного отличаться.',
    warning: 'Внимание! Заём денег стоит денег.',
    identity: '1. Кредитор и кредитный посредник: данные и контактная информация',
    creditor: 'Кредитор',
    creditorValue: '{lender} ({kind})',
    creditorRegistration: 'Регистрационный номер кредитора',
    creditorAddress: 'Адрес кредитора',
    bank: 'банк',
    nonBank: 'небанковский кредитор',
    intermediary: 'Кредитный посредник',
    intermediaryValue:
      '{name}, рег. № {reg}, {address}; лицензия PTAC {licence}. Нам платит кредитор, для вас наша услуга бесплатна.',
    product: '2. Основные характеристики кредита',
    type: 'Вид кредита',
    typeValue:
      'Потребительский кредит с фиксированной процентной ставкой, погашение равными ежемесячными платежами (аннуитет)',
    amount: 'Общая сумма кредита',
    term: 'Срок договора, в месяцах',
    termValue: '{months}',
    instalments: 'Платежи',
    instalmentsValue: 'число ежемесячных платежей: {count}, каждый {payment} *',
    totalPayable: 'Общая сумма к возврату *',
    costs: '3. Стоимость кредита',
    rate: 'Процентная ставка',
    rateValue: '{rate} годовых, фиксированная на весь срок',
    apr: 'Годовая процентная ставка (ГПС) *',
    aprExample:
      'Репрезентативный пример: если {amount} выдаются полностью на {months} мес. под {rate} годовых, с комиссией за оформление {arrangementFee} и платой за обслуживание {monthlyFee} в месяц, ежемесячный платёж составляет {payment}, общая сумма к возврату {total}, общая стоимость кредита {cost}, ГПС {apr}.',
    arrangementFee: 'Комиссия за оформление',
    monthlyFee: 'Плата за обслуживание в месяц',
    totalCost: 'Общая стоимость кредита *',
    late: 'Последствия просрочки',
    lateValue:
      'За просроченные платежи кредитор может требовать неустойку по договору и закону; просрочки регистрируются в кредитных бюро и могут затруднить получение кредита в будущем.',
    costCapLabel: 'Ограничение стоимости кредита',
    costCap:
      'Внимание: общая стоимость этого предложения превышает установленное в Латвии ограничение (0,07 % от суммы кредита в день).',
    legal: '4. Другие важные правовые аспекты',
    withdrawal: 'Право отказа',
    withdrawalValue:
      'В течение 14 календарных дней после заключения договора вы вправе отказаться от него без объяснения причин; возвращается полученная сумма и проценты за дни пользования кредитом.',
    earlyRepayment: 'Досрочное погашение',
    earlyRepaymentValue:
      'Кредит можно погасить досрочно полностью или частично в любой момент; общая стоимость кредита уменьшается. Кредитор может требовать справедливую компенсацию согласно закону.',
    database: 'Проверка по базам данных',
    databaseValue:
      'Кредитор проверяет вашу кредитоспособность, в том числе в кредитных бюро. Если в кредите отказано по результатам такой проверки, кредитор бесплатно сообщит вам об этом.',
    draft: 'Проект договора',
    draftValue: 'Вы вправе бесплатно получить проект кредитного договора по запросу.',
    human: 'Участие человека',
    humanValue:
      'Если решение о кредите принято автоматически, вы вправе попросить, чтобы его пересмотрел человек, получить объяснение решения и высказать своё мнение.',
    validity: 'Предложение действительно до',
    print: 'Эту страницу можно распечатать (меню браузера «Печать» или Ctrl+P) или сохранить в PDF.',
    pdf: 'Скачать PDF',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type SecciWords = (typeof SECCI_WORDS)[Language];
