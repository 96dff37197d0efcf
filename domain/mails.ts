/**
 * The mails the portal sends, in German, with links the app understands. The domain composes them; the
 * mailer port sends them (SMTP on a server, the mailbox of the mocked backend).
 */
import { formatEuroCents } from './money.ts'
import type { OutgoingMail } from './records.ts'

export const verificationMail = (to: string, firstName: string, code: string): OutgoingMail => {
  const link = `/login?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`
  return {
    to,
    kind: 'VERIFY_EMAIL',
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    text: `Hallo ${firstName},\n\nbitte bestätigen Sie Ihre E-Mail-Adresse für das Vereinsportal, indem Sie diesen Link öffnen:\n${link}\n\nDer Link ist 3 Tage gültig.\n\nIhr Vereinsportal-Team`,
    link,
  }
}

export const passwordResetMail = (to: string, firstName: string, code: string): OutgoingMail => {
  const link = `/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`
  return {
    to,
    kind: 'PASSWORD_RESET',
    subject: 'Passwort zurücksetzen',
    text: `Hallo ${firstName},\n\nSie haben ein neues Passwort für das Vereinsportal angefordert. Öffnen Sie diesen Link, um es festzulegen:\n${link}\n\nDer Link ist eine Stunde gültig. Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht.\n\nIhr Vereinsportal-Team`,
    link,
  }
}

/**
 * An invitation into a club. A person without an account creates one through the link; one who has an
 * account (`hasAccount`) signs in with it there and accepts.
 */
export const invitationMail = (
  to: string,
  invitation: {
    token: string
    inviter: string
    clubName: string
    roleName: string
    validityHours: number
    hasAccount: boolean
  },
): OutgoingMail => {
  const link = `/acceptInvitation?token=${encodeURIComponent(invitation.token)}`
  const step = invitation.hasAccount
    ? 'Sie haben bereits ein Benutzerkonto: Öffnen Sie diesen Link, melden Sie sich an und nehmen Sie die Einladung an:'
    : 'Öffnen Sie diesen Link, um Ihr Konto anzulegen:'
  return {
    to,
    kind: 'INVITATION',
    subject: `Einladung in den Verein ${invitation.clubName}`,
    text: `Guten Tag,\n\n${invitation.inviter} lädt Sie ein, im Vereinsportal beim Verein „${invitation.clubName}“ als ${invitation.roleName} mitzuarbeiten. ${step}\n${link}\n\nDie Einladung ist ${invitation.validityHours} Stunden gültig.\n\nIhr Vereinsportal-Team`,
    link,
  }
}

/**
 * The release notice: an administrator has activated the club (released it, or released it again after it
 * was inactive). To each of the club's people; the link opens the club's dashboard (spec §2: `id` chooses
 * the club when none is active).
 */
export const clubReleasedMail = (to: string, firstName: string, club: { id: string; name: string }): OutgoingMail => {
  const link = `/home?id=${encodeURIComponent(club.id)}`
  return {
    to,
    kind: 'CLUB_RELEASED',
    subject: `Ihr Verein ${club.name} ist freigegeben`,
    text: `Hallo ${firstName},\n\nIhr Verein „${club.name}“ wurde im Vereinsportal freigegeben. Öffnen Sie diesen Link, um die Übersicht Ihres Vereins zu sehen:\n${link}\n\nIhr Vereinsportal-Team`,
    link,
  }
}

/** What a donor gets once the provider reports the donation paid. */
export const donationReceivedMail = (donation: {
  to: string
  donorName: string | null
  clubName: string
  campaignId: string
  campaignName: string
  amountCents: number
  /** The page of the donor's consent to the transmission (see and withdraw it), when one covers the donation. */
  consentLink?: string | null
  /**
   * The donor asked for a receipt: the page to download it (`link`), and its number when it was issued
   * with this confirmation (null: the club issues it later, or cannot, and the page says so).
   */
  receipt?: { link: string; number: string | null; country: 'AT' | 'DE' } | null
}): OutgoingMail => {
  const amount = formatEuroCents(donation.amountCents)
  const greeting = donation.donorName === null ? 'Guten Tag' : `Hallo ${donation.donorName}`
  const thanks = `${greeting},\n\nvielen Dank für Ihre Spende von ${amount} an ${donation.clubName} für „${donation.campaignName}“. Die Zahlung ist eingegangen.`
  if (donation.consentLink) {
    // The consent's page is the link the mail is about: the donor may want to withdraw it.
    const link = donation.consentLink
    return {
      to: donation.to,
      kind: 'DONATION_RECEIVED',
      subject: `Danke für Ihre Spende an ${donation.clubName}`,
      text: `${thanks}\n\nSie haben eingewilligt, dass ${donation.clubName} Ihre Spende mit Ihrem Namen und Geburtsdatum an das Finanzamt übermittelt, damit Sie sie von der Steuer absetzen können.${donation.receipt ? ' Eine Spendenbestätigung brauchen Sie dafür nicht.' : ''} Ihre Einwilligung ansehen oder für künftige Spenden widerrufen:\n${link}\n\nIhr Vereinsportal-Team`,
      link,
    }
  }
  if (donation.receipt) {
    // The receipt is what the donor asked for: its page is the mail's link.
    const { link, number, country } = donation.receipt
    // A club in Germany issues the Zuwendungsbestätigung (§ 50 EStDV): the mail calls it so.
    const document = country === 'DE' ? 'Zuwendungsbestätigung' : 'Spendenbestätigung'
    const offer =
      number === null
        ? `Sie haben eine ${document} angefordert. Sobald ${donation.clubName} sie ausgestellt hat, können Sie sie hier herunterladen:`
        : `Ihre ${document} Nr. ${number} können Sie hier herunterladen:`
    return {
      to: donation.to,
      kind: 'DONATION_RECEIVED',
      subject: `Danke für Ihre Spende an ${donation.clubName}`,
      text: `${thanks}\n\n${offer}\n${link}\n\nIhr Vereinsportal-Team`,
      link,
    }
  }
  const link = `/spenden/${encodeURIComponent(donation.campaignId)}`
  return {
    to: donation.to,
    kind: 'DONATION_RECEIVED',
    subject: `Danke für Ihre Spende an ${donation.clubName}`,
    text: `${thanks}\n\nZur Kampagne:\n${link}\n\nIhr Vereinsportal-Team`,
    link,
  }
}

/**
 * A club's bank details were changed: to each member whose club role may manage the club's money
 * (domain/club-rights.ts), so a change nobody agreed on does not go unnoticed. The IBAN only masked: a
 * mail is no place for it whole. The link opens the club's dashboard at its bank details.
 */
export const bankDetailsChangedMail = (
  to: string,
  firstName: string,
  change: {
    club: { id: string; name: string }
    changedBy: string
    /** Masked (`AT61 **** **** **** 3201`); empty when the IBAN was removed. */
    ibanMasked: string
    accountHolder: string
    /** Whether the new payout details await the administration's confirmation. */
    inReview: boolean
  },
): OutgoingMail => {
  const link = `/home?id=${encodeURIComponent(change.club.id)}#bankdaten`
  const review = change.inReview
    ? 'Bis die Administration die neue Bankverbindung bestätigt, zahlt der Kartenzahlungsanbieter nichts an den Verein aus.\n\n'
    : ''
  return {
    to,
    kind: 'BANK_DETAILS_CHANGED',
    subject: `Bankverbindung des Vereins ${change.club.name} geändert`,
    text: `Hallo ${firstName},\n\n${change.changedBy} hat die Bankverbindung des Vereins „${change.club.name}“ im Vereinsportal geändert:\nIBAN: ${change.ibanMasked || 'keine'}\nKontoinhaber/in: ${change.accountHolder || 'nicht angegeben'}\n\n${review}Sie erhalten diese Nachricht, weil Ihre Rolle im Verein Geld verwalten darf. Wenn die Änderung nicht abgesprochen war, melden Sie sich bitte umgehend bei der Administration des Vereinsportals. Die Bankverbindung sehen Sie hier:\n${link}\n\nIhr Vereinsportal-Team`,
    link,
  }
}
