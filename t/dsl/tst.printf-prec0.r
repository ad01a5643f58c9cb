hello|hello|he|hel

