import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { useGetClubUsers } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmailAddress } from '#src/components/ui/email-address.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { cn } from '#src/lib/cn.ts'
import { lastHolderReason, mayGrant, type ClubRights } from '#src/features/dashboard/club-rights.ts'
import { ChangeRoleDialog } from './change-role-dialog.tsx'
import { InviteMemberForm } from './invite-member-form.tsx'
import { MemberActionDialog, type MemberAction } from './member-action-dialog.tsx'

/** A cell of a row that stacks on narrow screens. */
const STACKED = 'max-sm:p-0'

/** A member's rights inside the club, under their club role. */
const RightsNote = ({ member }: { member: ClubMember }) =>
  member.manageMoney || member.manageMembers ? (
    <span className="block text-xs text-slate-600">
      {member.manageMoney && member.manageMembers ? (
        <Trans>darf Geld und Mitglieder verwalten</Trans>
      ) : member.manageMoney ? (
        <Trans>darf Geld verwalten</Trans>
      ) : (
        <Trans>darf Mitglieder verwalten</Trans>
      )}
    </span>
  ) : null

/**
 * Spec §2: the club's members with their club roles (and what the role allows), open invitations, and
 * the invite form. Who may manage the club's members (administrators; members whose club role has the
 * right, `rights.members`) can also take a member out or give them another club role (never the last
 * one, nor the last who may manage money or members, nor themselves here), withdraw an open invitation or
 * send it again; they hand out only rights they hold. `rights` null: read only (staff).
 */
export const MembersSection = ({ clubId, rights }: { clubId: string; rights: ClubRights | null }) => {
  const { t } = useLingui()
  const members = useGetClubUsers(clubId)
  const me = useCurrentUser()
  const [action, setAction] = useState<MemberAction | null>(null)
  const [roleOf, setRoleOf] = useState<ClubMember | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const hintPrefix = useId()
  const activeCount = members.data?.filter((member) => member.status === 'ACTIVE').length ?? 0
  const canManage = rights?.members === true

  const actionsOf = (member: ClubMember, rights: ClubRights, index: number) => {
    const label = member.status === 'INVITED' ? member.email : `${member.firstName} ${member.lastName}`
    if (member.status === 'INVITED') {
      // Sending it again hands out its club role anew: only with the rights that role gives.
      const grantable = mayGrant(rights, member)
      const whyNot = `${hintPrefix}-${index}`
      return (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={!grantable}
            aria-describedby={grantable ? undefined : whyNot}
            aria-label={t`Einladung an ${label} erneut senden`}
            onClick={() => setAction({ kind: 'resend', member })}
          >
            <Trans>Erneut senden</Trans>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t`Einladung an ${label} zurückziehen`}
            onClick={() => setAction({ kind: 'withdraw', member })}
          >
            <Trans>Zurückziehen</Trans>
          </Button>
          {!grantable && (
            <span id={whyNot} className="basis-full text-xs text-slate-600">
              <Trans>Erneut senden darf nur, wer die Rechte dieser Rolle selbst hat.</Trans>
            </span>
          )}
        </div>
      )
    }
    if (member.uid === me.data?.uid) return <span className="text-sm text-slate-500">{t`Sie`}</span>
    // The last member stays (the backend refuses with 409 `last-member` as well), and so does the last one
    // who may manage money or members (409 `last-right-holder`): taking them out is disabled, and why is said.
    const lastHolder = lastHolderReason(members.data ?? [], member)
    const whyNot = `${hintPrefix}-${index}`
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={t`Rolle ändern für ${label}`}
          onClick={() => setRoleOf(member)}
        >
          <Trans>Rolle ändern</Trans>
        </Button>
        {activeCount > 1 && (
          <Button
            variant="secondary"
            size="sm"
            disabled={lastHolder !== null}
            aria-describedby={lastHolder ? whyNot : undefined}
            aria-label={t`${label} aus dem Verein entfernen`}
            onClick={() => setAction({ kind: 'remove', member })}
          >
            <Trans>Entfernen</Trans>
          </Button>
        )}
        {lastHolder && (
          <span id={whyNot} className="basis-full text-xs text-slate-600">
            {lastHolder}
          </span>
        )}
      </div>
    )
  }

  return (
    <Card aria-labelledby="mitglieder-title" id="mitglieder">
      <CardHeader
        id="mitglieder-title"
        title={t`Mitglieder`}
        description={t`Personen, die den Verein im Portal vertreten.`}
      />
      <CardBody className="grid gap-6 lg:grid-cols-3">
        <div
          ref={list}
          role="group"
          tabIndex={-1}
          aria-label={t`Mitglieder und offene Einladungen`}
          className="min-w-0 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 lg:col-span-2"
        >
          {members.isPending ? (
            <LoadingBlock>
              <Trans>Mitglieder werden geladen …</Trans>
            </LoadingBlock>
          ) : members.isError ? (
            <QueryError
              error={members.error}
              title={t`Die Mitglieder konnten nicht geladen werden.`}
              onRetry={() => void members.refetch()}
            />
          ) : members.data.length === 0 ? (
            <EmptyState title={t`Noch keine Mitglieder.`} />
          ) : (
            <Table className="max-sm:block max-sm:[&_tbody]:block">
              <caption className="sr-only">{t`Mitglieder und offene Einladungen`}</caption>
              {/* Below `sm` each row stacks (name, address, role, status, actions): five columns do not fit. */}
              <TableHead className="max-sm:hidden">
                <TableRow>
                  <TableHeaderCell>
                    <Trans>Name</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>E-Mail-Adresse</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Rolle</Trans>
                  </TableHeaderCell>
                  <TableHeaderCell>
                    <Trans>Status</Trans>
                  </TableHeaderCell>
                  {canManage && (
                    <TableHeaderCell>
                      <span className="sr-only">
                        <Trans>Aktionen</Trans>
                      </span>
                    </TableHeaderCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {members.data.map((member, index) => (
                  <TableRow
                    key={member.invitationId ?? member.uid ?? member.email}
                    data-testid="member-row"
                    className="max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:py-3"
                  >
                    <TableCell
                      className={cn(STACKED, 'max-sm:font-medium', member.status === 'INVITED' && 'max-sm:hidden')}
                    >
                      {member.status === 'INVITED' ? (
                        <span className="text-slate-500">—</span>
                      ) : (
                        `${member.firstName} ${member.lastName}`
                      )}
                    </TableCell>
                    <TableCell className={STACKED}>
                      <EmailAddress email={member.email} />
                    </TableCell>
                    <TableCell className={STACKED}>
                      {member.clubRoleName}
                      <RightsNote member={member} />
                    </TableCell>
                    <TableCell className={STACKED}>
                      {member.status === 'INVITED' ? (
                        <Badge tone="info">
                          <Trans>Eingeladen</Trans>
                        </Badge>
                      ) : (
                        <Badge tone="success">
                          <Trans>Aktiv</Trans>
                        </Badge>
                      )}
                    </TableCell>
                    {rights && canManage && (
                      <TableCell className={cn(STACKED, 'max-sm:pt-1')}>{actionsOf(member, rights, index)}</TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
        {rights && canManage && (
          <div className="rounded-md border border-slate-200 bg-slate-50 p-4">
            <InviteMemberForm clubId={clubId} rights={rights} />
          </div>
        )}
        {rights && !canManage && (
          <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
            <Trans>
              Ihre Rolle im Verein darf keine Mitglieder verwalten. Einladen, entfernen und Rollen ändern können
              Personen, deren Rolle das Recht „Darf Mitglieder verwalten“ hat (zum Beispiel Obmann/Obfrau).
            </Trans>
          </p>
        )}
      </CardBody>
      {rights && canManage && (
        <>
          <MemberActionDialog
            clubId={clubId}
            action={action}
            onClose={() => setAction(null)}
            fallbackFocus={() => list.current}
          />
          <ChangeRoleDialog
            clubId={clubId}
            member={roleOf}
            rights={rights}
            onClose={() => setRoleOf(null)}
            fallbackFocus={() => list.current}
          />
        </>
      )}
    </Card>
  )
}
