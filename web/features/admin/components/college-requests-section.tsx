import type { CollegeRequest, CollegesResponse } from "@shared/api/colleges";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { inputClasses, labelClasses } from "../../../components/ui/field";
import { formatDate } from "../../../lib/format";
import { collegeRequestsQueryOptions, useDecideCollegeRequest } from "../api/college-requests";
import { useAdminNotice } from "./admin-notice";
import { collegeNamesOf } from "./college-entries";
import { EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";

type Cities = CollegesResponse["cities"];

interface RequestRowProps {
  request: CollegeRequest;
  cities: Cities;
  nameOf: Map<string, string>;
  decide: ReturnType<typeof useDecideCollegeRequest>;
}

/** One waiting request: 'Add' as asked, or pick a listed college and 'Merge into {existing}'. */
function RequestRow({ request, cities, nameOf, decide }: RequestRowProps) {
  const [collegeId, setCollegeId] = useState("");
  const selectId = useId();
  const chosen = collegeId ? nameOf.get(collegeId) : undefined;
  const isBusy = decide.isPending && decide.variables?.requestId === request.id;
  return (
    <li className="space-y-3 py-4">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {request.name}, {request.city}
        </p>
        <p className="text-sm break-words text-slate-600">
          {COLLEGE_REQUEST_TEXTS.requestedBy(request.student.name)} ({request.student.email}),{" "}
          {formatDate(request.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <button
          type="button"
          disabled={isBusy}
          onClick={() => decide.mutate({ requestId: request.id })}
          className={primaryButton}
        >
          {COLLEGE_REQUEST_TEXTS.add}
          <span className="sr-only">
            {" "}
            {request.name}, {request.city}
          </span>
        </button>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={selectId} className={labelClasses}>
            {COLLEGE_REQUEST_TEXTS.mergeLabel}
            <span className="sr-only"> for {request.name}</span>
          </label>
          <select
            id={selectId}
            value={collegeId}
            onChange={(event) => setCollegeId(event.target.value)}
            className={inputClasses}
          >
            <option value="">Choose a college</option>
            {cities.map((entry) => (
              <optgroup key={entry.city} label={entry.city}>
                {entry.colleges.map((college) => (
                  <option key={college.id} value={college.id}>
                    {college.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <button
          type="button"
          disabled={isBusy || !chosen}
          onClick={() => decide.mutate({ requestId: request.id, collegeId })}
          className={secondaryButton}
        >
          {COLLEGE_REQUEST_TEXTS.mergeInto(chosen ?? "…")}
        </button>
      </div>
    </li>
  );
}

/**
 * 'My college isn't listed': the students waiting with 'College pending'. 'Add' puts the college
 * in the directory as asked; 'Merge into {existing}' gives the student a college already listed.
 * Either way the student is told.
 */
export function CollegeRequestsSection({ cities }: { cities: Cities }) {
  const requests = useQuery(collegeRequestsQueryOptions);
  const notify = useAdminNotice();
  const nameOf = collegeNamesOf(cities);
  const decide = useDecideCollegeRequest({
    onSuccess: (decision) =>
      notify(
        "success",
        decision.request.status === "added"
          ? COLLEGE_REQUEST_TEXTS.addedNotice(`${decision.college.name}, ${decision.college.city}`)
          : COLLEGE_REQUEST_TEXTS.mergedNotice(`${decision.college.name}, ${decision.college.city}`),
      ),
    onError: (error) => notify("error", error.message),
  });
  const waiting = requests.data?.requests ?? [];

  return (
    <PanelSection
      title={COLLEGE_REQUEST_TEXTS.heading(waiting.length)}
      titleId="admin-college-requests-heading"
    >
      {requests.isPending ? (
        <LoadingState>Loading college requests...</LoadingState>
      ) : requests.isError ? (
        <LoadError onRetry={() => void requests.refetch()}>Could not load the college requests.</LoadError>
      ) : waiting.length === 0 ? (
        <EmptyState>{COLLEGE_REQUEST_TEXTS.empty}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {waiting.map((request) => (
            <RequestRow key={request.id} request={request} cities={cities} nameOf={nameOf} decide={decide} />
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
