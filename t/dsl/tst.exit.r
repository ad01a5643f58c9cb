after exit, same clause
same firing, next clause
end

